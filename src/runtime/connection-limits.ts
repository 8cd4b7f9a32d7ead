import type { Server } from 'node:http';
import { applyFairConnections } from './fair-connections.js';

/** What one client may hold of the server; docs/security.md gives the reasons and the measured figures. */
export interface ConnectionLimits {
  /** Open connections in all: the process keeps descriptors for its own work (fair-connections.ts shares them out). */
  maxConnections: number;
  /** Open connections from one client address, well below the global cap; 0 turns the cap off. */
  connectionsPerAddress: number;
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
  connectionsPerAddress: 100,
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
  applyFairConnections(server, limits);
  // One more than allowed is kept, so the app can tell "too many" from "exactly the limit".
  server.maxHeadersCount = limits.maxHeadersCount + 1;
};

/**
 * The limits a configuration asks for. Behind a trusted proxy every connection comes from the proxy,
 * so the per-address cap cannot apply to sockets; requests in flight are counted per forwarded
 * address instead (requests-in-flight.ts). The parameter is structural, not Pick<Config>: config
 * imports adapters, which import the runtime's logger.
 */
export const connectionLimitsOf = (config: { connectionsPerAddress: number; trustProxy: number }): Partial<ConnectionLimits> => ({
  connectionsPerAddress: config.trustProxy > 0 ? 0 : config.connectionsPerAddress,
});
