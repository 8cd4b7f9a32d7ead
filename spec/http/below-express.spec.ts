import { expect } from 'chai';
import type { RunningServer } from '../../src/web/server.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { exchange, listenOnLoopback, openSocket, parseAnswer, untilClosed, type RawAnswer } from '../support/http/raw-socket.js';

const expectProblem = (answer: RawAnswer, status: number, code: string) => {
  expect(answer.status, answer.text).to.equal(status);
  expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(answer.headers.connection).to.equal('close');
  expect(Number(answer.headers['content-length'])).to.equal(Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body);
  expect(body).to.deep.include({ type: 'about:blank', status, code });
  expect(body.title).to.be.a('string');
  expect(body.detail).to.be.a('string');
};

/** Errors Node's parser raises before Express sees a request: problem+json like every other error. */
describe('HTTP: errors raised below Express (raw sockets)', () => {
  let h: DatabaseHarness;
  let server: RunningServer;
  before(async () => {
    h = await startHarness();
    // Short request timeouts, so the 408 arrives in about a second.
    server = await listenOnLoopback(h.app, { limits: { headersTimeoutMs: 500, requestTimeoutMs: 1_000, checkIntervalMs: 100 } });
  });
  after(async () => {
    await server.shutdown();
    await h.close();
  });
  const port = () => server.address.port;

  it('431 headers_too_large for a header section over the limit', async () => {
    const big = `GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expectProblem(await exchange(port(), big), 431, 'headers_too_large');
  });

  it('431 headers_too_large for more header lines than allowed', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `X-H${i}: 1\r\n`).join('');
    expectProblem(await exchange(port(), `GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n${lines}\r\n`), 431, 'headers_too_large');
  });

  it('400 malformed_request for a request line that is not HTTP', async () => {
    expectProblem(await exchange(port(), 'HELLO THERE\r\n\r\n'), 400, 'malformed_request');
    expectProblem(await exchange(port(), 'GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'malformed_request');
  });

  it('400 malformed_request for Content-Length together with Transfer-Encoding (request smuggling)', async () => {
    const smuggle = 'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    expectProblem(await exchange(port(), smuggle), 400, 'malformed_request');
  });

  it('408 request_timeout for a request whose headers never finish', async () => {
    const socket = await openSocket(port());
    expectProblem(parseAnswer(await untilClosed(socket, 'GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n')), 408, 'request_timeout');
  });

  it('408 request_timeout for a body that never finishes', async () => {
    const socket = await openSocket(port());
    const head = 'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em';
    const answer = parseAnswer(await untilClosed(socket, head));
    expectProblem(answer, 408, 'request_timeout');
  });
});
