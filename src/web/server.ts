import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError, answerConnect } from './edge/client-error.js';
import { normalizeTarget } from '../runtime/request-target.js';
import { applyConnectionLimits, CONNECTION_LIMITS, serverOptionsOf, type ConnectionLimits } from '../runtime/connection-limits.js';
import type { Logger } from '../runtime/logger.js';

type ShutdownSignal = 'SIGTERM' | 'SIGINT';

/** Where shutdown signals come from: `process` in production, an EventEmitter in tests. */
export interface SignalSource {
  once(event: ShutdownSignal, listener: (signal: NodeJS.Signals) => void): unknown;
  off(event: ShutdownSignal, listener: (signal: NodeJS.Signals) => void): unknown;
}

export interface ServerOptions {
  host: string;
  port: number;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Runs once no connection is left, e.g. closing the database pool. */
  onClose?: () => Promise<void>;
  signals?: SignalSource;
  /** In-flight requests get this long before their connections are cut (the budget is 5 s in all). */
  forceCloseAfterMs?: number;
  /** Named in the start-up line, so the first thing a newcomer sees is where to click. */
  docsUrl?: string;
  /** A second listener (Prometheus), started before the public one and drained alongside it. */
  metrics?: { listener: RequestListener; host: string; port: number };
  /** Tighter limits for a spec that must see a timeout quickly; production uses CONNECTION_LIMITS. */
  limits?: Partial<ConnectionLimits>;
}

export interface RunningServer {
  address: AddressInfo;
  /** Where the metrics listener listens; null when there is none. */
  metricsAddress: AddressInfo | null;
  /** Stops accepting, lets requests finish, then runs onClose. Idempotent. */
  shutdown(): Promise<void>;
  /** Settles when shutdown has finished, however it was started. */
  closed: Promise<void>;
}

const SIGNALS: ShutdownSignal[] = ['SIGTERM', 'SIGINT'];
const IDLE_SWEEP_MS = 100;
const ON_CLOSE_BUDGET_MS = 800;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const listen = (server: Server, port: number, host: string): Promise<AddressInfo> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });

/** Stops accepting, lets requests finish, and cuts whatever is still open after `forceCloseAfterMs`. */
const drain = async (server: Server, forceCloseAfterMs: number): Promise<void> => {
  if (!server.listening) return;
  const force = setTimeout(() => server.closeAllConnections(), forceCloseAfterMs).unref();
  // A keep-alive connection that finishes its last request goes idle after close(): sweep it up.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  clearTimeout(force);
  clearInterval(sweep);
};

export const startServer = async (app: RequestListener, options: ServerOptions): Promise<RunningServer> => {
  const { logger, signals = process, forceCloseAfterMs = 4_000 } = options;
  const limits = { ...CONNECTION_LIMITS, ...options.limits };
  // Only origin-form paths reach the app: an absolute-form target's authority is dropped here.
  const server = createServer(serverOptionsOf(limits), (req, res) => {
    normalizeTarget(req);
    app(req, res);
  });
  applyConnectionLimits(server, limits);
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect); // else Node drops a CONNECT without a word
  const metricsServer = options.metrics ? createServer(options.metrics.listener) : null;
  let shuttingDown: Promise<void> | null = null;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((done) => (markClosed = done));

  const stop = async (): Promise<void> => {
    // Side by side, so the metrics listener adds nothing to the 5-second budget.
    await Promise.all([drain(server, forceCloseAfterMs), ...(metricsServer ? [drain(metricsServer, forceCloseAfterMs)] : [])]);
    if (options.onClose) await Promise.race([options.onClose(), sleep(ON_CLOSE_BUDGET_MS)]);
    logger.info('server stopped');
    markClosed();
  };
  const shutdown = (): Promise<void> => {
    for (const signal of SIGNALS) signals.off(signal, onSignal);
    shuttingDown ??= stop();
    return shuttingDown;
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    void shutdown();
  };

  let metricsAddress: AddressInfo | null = null;
  if (metricsServer && options.metrics) {
    metricsAddress = await listen(metricsServer, options.metrics.port, options.metrics.host);
    const where = `${metricsAddress.address}:${metricsAddress.port}`;
    logger.info({ metrics_host: metricsAddress.address, metrics_port: metricsAddress.port }, `metrics on http://${where}/metrics`);
  }
  const address = await listen(server, options.port, options.host).catch(async (error: unknown) => {
    if (metricsServer) await drain(metricsServer, 0);
    throw error;
  });
  for (const signal of SIGNALS) signals.once(signal, onSignal);
  const docs = options.docsUrl ? { docs_url: options.docsUrl } : {};
  const docsNote = options.docsUrl ? `; API docs at ${options.docsUrl}` : '';
  logger.info({ host: address.address, port: address.port, ...docs }, `listening on ${address.address}:${address.port}${docsNote}`);
  return { address, metricsAddress, shutdown, closed };
};
