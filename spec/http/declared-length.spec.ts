import { expect } from 'chai';
import type { RunningServer } from '../../src/web/server.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { listenOnLoopback, openSocket, parseAnswer, untilClosed } from '../support/http/raw-socket.js';
import { ORIGIN } from '../support/constants.js';

const head = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

/** A declared body over 16 KiB is refused from its Content-Length, before a byte of it is read. */
describe('HTTP: 413 from Content-Length, at once', () => {
  let h: DatabaseHarness;
  let server: RunningServer;
  before(async () => {
    h = await startHarness();
    server = await listenOnLoopback(h.app);
  });
  after(async () => {
    await server.shutdown();
    await h.close();
  });

  for (const path of ['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/no-such-route']) {
    it(`POST ${path} declaring 100 MB: the answer and the close come while the body is still unsent`, async () => {
      const socket = await openSocket(server.address.port);
      // Only the head and a few bytes go out: the server must answer and close without waiting for the rest.
      const text = await untilClosed(socket, `${head(path, 100 * 1024 * 1024)}{"email":`);
      const answer = parseAnswer(text);
      expect(answer.status, text).to.equal(path.includes('no-such') ? 404 : 413);
      expect(answer.headers.connection).to.equal('close');
      expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(socket.bytesWritten).to.be.below(1024);
    });
  }

  it('16 KiB exactly is still read (the limit is inclusive), and 16 KiB + 1 is 413', async () => {
    for (const [length, status] of [[16 * 1024, 400], [16 * 1024 + 1, 413]] as const) {
      const socket = await openSocket(server.address.port);
      const answer = parseAnswer(await untilClosed(socket, `${head('/api/v1/auth/login', length, 'Connection: close\r\n')}${' '.repeat(length)}`));
      expect(answer.status).to.equal(status);
    }
  });
});
