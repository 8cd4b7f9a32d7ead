import type { SecurityEvent, SecurityEvents } from '../../core/ports/security-events.js';

/** Keeps every event in order, for tests and for embedding without a logger. */
export class MemorySecurityEvents implements SecurityEvents {
  readonly recorded: SecurityEvent[] = [];

  record(event: SecurityEvent): void {
    this.recorded.push({ ...event });
  }
}
