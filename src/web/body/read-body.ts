import type { IncomingMessage } from 'node:http';
import { HttpProblem } from '../errors/problem.js';

/**
 * Reads a request body as it streams, counting as it goes: past `limit` bytes it stops reading
 * at once (the stream is paused, nothing more is taken off the wire) and refuses with 413, whatever
 * length was announced — a chunked body announces none. body-parser, by contrast, reads a refused
 * body to its end before answering, which let a chunked body of any size (or an endless one) be
 * read in whole. The response to a refusal closes the connection (declared-length.ts), so the rest
 * is never read.
 */
export const readBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        cleanup();
        req.pause();
        reject(new HttpProblem('payload_too_large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = () => {
      cleanup();
      reject(new HttpProblem('malformed_json'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('aborted', onError);
  });
