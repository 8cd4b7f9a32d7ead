import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

/** The request a log line belongs to; the HTTP adapter enters it, so every line carries its id. */
export const logContext = new AsyncLocalStorage<{ request_id: string }>();

/** Keys whose values may be credentials or personal secrets; matched anywhere in a log object. */
const SECRET_KEY = /password|passwd|secret|token|(^|_)code$|authorization|cookie/i;
const REDACTED = '[Redacted]';

/** A flat object of scalars under harmless keys (an access-log line) is written as it is: nothing to copy. */
const isPlain = (value: Record<string, unknown>): boolean => {
  for (const key in value) {
    const inner = value[key];
    if (SECRET_KEY.test(key) || (inner !== null && typeof inner === 'object')) return false;
  }
  return true;
};

const redactDeep = (value: unknown, seen: WeakSet<object>): unknown => {
  // Errors keep their own serializer (stack and message); they never carry request values.
  if (value === null || typeof value !== 'object' || value instanceof Error || value instanceof Date) return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactDeep(inner, seen);
  }
  return out;
};

export const redactSecrets = (value: Record<string, unknown>): Record<string, unknown> =>
  isPlain(value) ? value : (redactDeep(value, new WeakSet()) as Record<string, unknown>);

/**
 * The loggers createLogger made: root loggers whose lines have a known shape (no base, no child
 * bindings, ISO time, the request id by the mixin), which access-log.ts may write by hand.
 */
const houseLoggers = new WeakSet<pino.Logger>();
export const isHouseLogger = (logger: pino.Logger): boolean => houseLoggers.has(logger);

/** JSON lines; headers and secret-looking fields are redacted before anything is written. */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
    formatters: { log: redactSecrets },
    // A security event written from deep in a use case still names its request. A copy: pino
    // merges each line's fields into what the mixin returns, and the store must not keep them.
    mixin: () => ({ ...logContext.getStore() }),
  };
  const logger = destination ? pino(options, destination) : pino(options);
  houseLoggers.add(logger);
  return logger;
}

export type Logger = pino.Logger;

/** A buffered log destination: lines collect in memory and go out in batches. */
export type BufferedDestination = ReturnType<typeof pino.destination>;

/** Lines collect up to this many bytes (some 16 access-log lines) before one write goes out... */
const BATCH_BYTES = 4096;
/** ...or for at most this long when traffic is light. */
const BATCH_MS = 250;

/**
 * Standard output through sonic-boom, asynchronous and buffered: a request's access-log line is
 * appended to a buffer, and one write (on libuv's pool, off the event loop) carries a batch.
 * pino's default destination is asynchronous too but writes as soon as the last write is done,
 * so at moderate traffic every line is a write of its own. What is buffered goes out at the latest
 * after BATCH_MS, on `flushLog` (the server's graceful stop, after SIGTERM or SIGINT), and
 * synchronously on process exit (pino registers that); only a SIGKILL or a crash of the process
 * itself can lose the last BATCH_MS of lines.
 */
export const bufferedStdout = (): BufferedDestination =>
  pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: BATCH_MS });

/** Writes out whatever is buffered and resolves once it is written (or after `timeoutMs`). */
export const flushLog = (destination: BufferedDestination, timeoutMs = 2_000): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    destination.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
