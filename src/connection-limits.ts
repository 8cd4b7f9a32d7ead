import type { Server } from 'node:http';

/** What one client may hold of the server; docs/security.md gives the reasons and the measured figures. */
export interface ConnectionLimits {
  /** Open connections beyond this are closed as they arrive: the process keeps descriptors for its own work. */
  maxConnections: number;
  /** The whole header section must arrive within this (slowloris: one header line every few seconds). */
  headersTimeoutMs: number;
  /** The whole request, body included (16 KiB at most), must arrive within this (a slow body). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node looks for connections past the two timeouts above (its default is 30 s). */
  checkIntervalMs: number;
  /** Header lines kept; a request with more is refused 431 by the app (see header-count.ts). */
  maxHeadersCount: number;
  /** Bytes of request line and headers; Node answers 431 beyond it. */
  maxHeaderSizeBytes: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 1_000,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxHeadersCount: 100,
  maxHeaderSizeBytes: 16 * 1024,
};

/** The options of `http.createServer` that exist only there. */
export const serverOptionsOf = (limits: ConnectionLimits) => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: limits.checkIntervalMs,
  maxHeaderSize: limits.maxHeaderSizeBytes,
});

export const applyConnectionLimits = (server: Server, limits: ConnectionLimits): void => {
  server.maxConnections = limits.maxConnections;
  // One more than allowed is kept, so the app can tell "too many" from "exactly the limit".
  server.maxHeadersCount = limits.maxHeadersCount + 1;
};
