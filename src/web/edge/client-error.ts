import type { Duplex } from 'node:stream';
import { problemBody, type HttpOnlyCode } from '../errors/problem.js';

/** Node's parser errors by code; anything else it cannot parse is a malformed request. */
const codeOf = (error: NodeJS.ErrnoException): HttpOnlyCode => {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'malformed_request';
};

/**
 * Errors raised below Express (bad request line, CL with TE, headers too large, timeouts) get
 * problem+json like every other error, written by hand: there is no request or response object.
 * Connection: close, because the parser cannot know where the next request would start.
 */
const answerAndClose = (socket: Duplex, code: HttpOnlyCode | 'not_found'): void => {
  const problem = problemBody(code);
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
};

/** CONNECT (a tunnel request): nothing here tunnels, so it is an unknown route like any other, and the connection ends. */
export const answerConnect = (_req: unknown, socket: Duplex): void => {
  socket.on('error', () => socket.destroy());
  answerAndClose(socket, 'not_found');
};

export const answerClientError = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  // Nothing to answer on a connection the client already dropped, or one with a response under way.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  answerAndClose(socket, codeOf(error));
};
