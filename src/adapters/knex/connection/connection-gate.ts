/** One real connection attempt that the gate let through; exactly one of the two is called. */
export interface ConnectAttempt {
  succeeded(): void;
  failed(error: unknown): void;
}

/** Decides whether the pool (or a probe) may open a connection now; null means "not now". */
export interface ConnectionGate {
  beginAttempt(): ConnectAttempt | null;
}
