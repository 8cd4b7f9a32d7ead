import pino, { type Logger } from 'pino';
import { isHouseLogger } from './logger.js';

/** One request's access-log line (logging.md): its id, what was asked, the answer, who, from where. */
export interface AccessLine {
  request_id: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  user_id: string | null;
  client_address: string;
}

export type WriteAccessLine = (line: AccessLine) => void;

const INFO = 30;

interface RawStream {
  write(line: string): unknown;
  [pino.symbols.needsMetadataGsym]?: boolean;
}

/**
 * Writes the access-log line that `logger.info(line, 'request')` would write, byte for byte, but
 * built by hand: pino's generic path (the mixin's context lookup, the redaction formatter, the
 * serialiser's walk over the object) cost a hot read 4–7 % of its CPU (docs/performance.md),
 * for a line whose fields are fixed and harmless. Only for a logger of createLogger's own shape
 * over a plain stream; any other logger (a child, a test's, a multistream) gets `logger.info`.
 */
export const accessLogWriter = (logger: Logger): WriteAccessLine => {
  const stream = (logger as unknown as Record<symbol, RawStream | undefined>)[pino.symbols.streamSym];
  if (!isHouseLogger(logger) || !stream || stream[pino.symbols.needsMetadataGsym] === true) return (line) => logger.info(line, 'request');
  return (line) => {
    if (logger.levelVal > INFO) return;
    stream.write(
      `{"level":${INFO},"time":"${new Date().toISOString()}","request_id":${JSON.stringify(line.request_id)},"method":${JSON.stringify(line.method)},` +
        `"route":${JSON.stringify(line.route)},"status":${line.status},"duration_ms":${line.duration_ms},` +
        `"user_id":${line.user_id === null ? 'null' : JSON.stringify(line.user_id)},"client_address":${JSON.stringify(line.client_address)},"msg":"request"}\n`,
    );
  };
};
