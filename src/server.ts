import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger.js';

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
}

export interface RunningServer {
  address: AddressInfo;
  /** Stops accepting, lets requests finish, then runs onClose. Idempotent. */
  shutdown(): Promise<void>;
  /** Settles when shutdown has finished, however it was started. */
  closed: Promise<void>;
}

const SIGNALS: ShutdownSignal[] = ['SIGTERM', 'SIGINT'];
const IDLE_SWEEP_MS = 100;
const ON_CLOSE_BUDGET_MS = 800;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export const startServer = (app: RequestListener, options: ServerOptions): Promise<RunningServer> => {
  const { logger, signals = process, forceCloseAfterMs = 4_000 } = options;
  const server = createServer(app);
  let shuttingDown: Promise<void> | null = null;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((done) => (markClosed = done));

  const stop = async (): Promise<void> => {
    const force = setTimeout(() => server.closeAllConnections(), forceCloseAfterMs).unref();
    // A keep-alive connection that finishes its last request goes idle after close(): sweep it up.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    clearTimeout(force);
    clearInterval(sweep);
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

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      for (const signal of SIGNALS) signals.once(signal, onSignal);
      const address = server.address() as AddressInfo;
      const docs = options.docsUrl ? { docs_url: options.docsUrl } : {};
      const docsNote = options.docsUrl ? `; API docs at ${options.docsUrl}` : '';
      logger.info({ host: address.address, port: address.port, ...docs }, `listening on ${address.address}:${address.port}${docsNote}`);
      resolve({ address, shutdown, closed });
    });
  });
};
