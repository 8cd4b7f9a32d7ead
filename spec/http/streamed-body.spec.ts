import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { RunningServer } from '../../src/web/server.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { exchange, listenOnLoopback, openSocket, parseAnswer, type RawAnswer } from '../support/http/raw-socket.js';

const KIB = 1024;
const MIB = 1024 * KIB;
const LIMIT = 16 * KIB;
const CHUNK = 64 * KIB;
/** The endless sender gives up after this, so that a server that reads on does not hang the spec. */
const GIVE_UP_MS = 15_000;

const chunkedHead = (method: string, path: string, extra = '') =>
  `${method} ${path} HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${extra}\r\n`;
const chunk = (data: Buffer | string) => Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
const LAST_CHUNK = '0\r\n\r\n';

interface Streamed {
  answer: RawAnswer;
  /** Body bytes the client handed to its socket before the server closed the connection. */
  written: number;
  /** Bytes the server read from the connection, head included (its socket's bytesRead). */
  read: number;
}

/**
 * Sends a chunked body of `total` bytes (or without end) as fast as the connection takes it, and
 * collects the answer until the server closes the connection.
 */
const sendChunked = async (port: number, serverSockets: Map<number, Socket>, head: string, total: number | 'endless'): Promise<Streamed> => {
  const socket = await openSocket(port);
  const localPort = socket.localPort ?? 0; // now: a closed socket forgets its own port too
  const received: Buffer[] = [];
  let open = true;
  let written = 0;
  socket.on('data', (data: Buffer) => received.push(data));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => (open = false));
  socket.write(head);
  const filler = chunk(Buffer.alloc(CHUNK, 0x20)); // JSON whitespace: nothing but its size matters
  const until = performance.now() + GIVE_UP_MS;
  while (open && (total === 'endless' ? performance.now() < until : written < total)) {
    written += CHUNK;
    if (!socket.write(filler)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
  }
  if (open && total !== 'endless') socket.write(LAST_CHUNK);
  if (open) socket.end();
  await closed;
  const serverSide = serverSockets.get(localPort);
  return { answer: parseAnswer(Buffer.concat(received).toString('latin1')), written, read: serverSide?.bytesRead ?? -1 };
};

const expect413 = ({ answer, read }: Streamed) => {
  expect(answer.status, answer.text).to.equal(413);
  expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(JSON.parse(answer.body).code).to.equal('payload_too_large');
  expect(answer.headers.connection).to.equal('close');
  expect(read).to.be.at.least(LIMIT);
};

/** The 16 KiB limit counted as a chunked body streams in, which announces no length to refuse up front. */
describe('HTTP: chunked request bodies are counted as they arrive (raw sockets)', function () {
  this.timeout(60_000);
  let h: DatabaseHarness;
  let server: RunningServer;
  /** The server's end of each connection, by the client's port (read at once: a closed socket forgets its peer). */
  const serverSockets = new Map<number, Socket>();
  before(async () => {
    h = await startHarness();
    const app = (req: IncomingMessage, res: ServerResponse) => {
      serverSockets.set(req.socket.remotePort ?? 0, req.socket);
      h.app(req, res);
    };
    server = await listenOnLoopback(app);
  });
  after(async () => {
    await server.shutdown();
    await h.close();
  });
  const port = () => server.address.port;

  it('a 100 MB chunked body: 413 and the close after the first 16 KiB, with what the server read bounded', async () => {
    const streamed = await sendChunked(port(), serverSockets, chunkedHead('POST', '/api/v1/auth/login'), 100 * MIB);
    console.log(`      100 MB chunked: the server read ${(streamed.read / KIB).toFixed(0)} KiB, the client wrote ${(streamed.written / MIB).toFixed(1)} MiB before the close`);
    expect413(streamed);
    expect(streamed.read).to.be.below(MIB);
    expect(streamed.written).to.be.below(64 * MIB);
  });

  it('an endless chunked body: 413 and the close, not a read until the request timeout', async () => {
    const streamed = await sendChunked(port(), serverSockets, chunkedHead('POST', '/api/v1/auth/register'), 'endless');
    console.log(`      endless chunked: the server read ${(streamed.read / KIB).toFixed(0)} KiB, the client wrote ${(streamed.written / MIB).toFixed(1)} MiB before the close`);
    expect413(streamed);
    expect(streamed.read).to.be.below(MIB);
    expect(streamed.written).to.be.below(64 * MIB);
  });

  it('an endless chunked body on a route that takes none: answered, and the connection closed instead of read on', async () => {
    const streamed = await sendChunked(port(), serverSockets, chunkedHead('GET', '/api/v1/livez'), 'endless');
    expect(streamed.answer.status, streamed.answer.text).to.equal(200);
    expect(streamed.answer.headers.connection).to.equal('close');
    expect(streamed.read).to.be.below(MIB);
    expect(streamed.written).to.be.below(64 * MIB);
  });

  it('a chunked body of 16 KiB in small chunks is read whole; one byte more is 413', async () => {
    for (const [size, status] of [[LIMIT, 400], [LIMIT + 1, 413]] as const) {
      // Valid JSON padded to `size`: its answer is the login's own (400 is for the padding being no object's text).
      const body = Buffer.alloc(size, 0x20);
      const pieces = Array.from({ length: Math.ceil(size / 1000) }, (_, i) => chunk(body.subarray(i * 1000, (i + 1) * 1000)));
      const answer = await exchange(port(), Buffer.concat([Buffer.from(chunkedHead('POST', '/api/v1/auth/login', 'Connection: close\r\n')), ...pieces, Buffer.from(LAST_CHUNK)]));
      expect(answer.status, answer.text).to.equal(status);
    }
  });

  it('a chunked login that fits is served as before', async () => {
    const json = JSON.stringify({ email: 'nobody@example.com', password: 'a wrong password that is long enough' });
    const answer = await exchange(port(), `${chunkedHead('POST', '/api/v1/auth/login')}${chunk(json.slice(0, 10)).toString()}${chunk(json.slice(10)).toString()}${LAST_CHUNK}`);
    expect(answer.status, answer.text).to.equal(401);
    expect(JSON.parse(answer.body).code).to.equal('invalid_credentials');
  });

  it('a compressed body is 415: the limit counts what the service would hold, not what was sent', async () => {
    const gzipped = gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'a wrong password that is long enough' }));
    const head = `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${gzipped.length}\r\nConnection: close\r\n\r\n`;
    const answer = await exchange(port(), Buffer.concat([Buffer.from(head), gzipped]));
    expect(answer.status, answer.text).to.equal(415);
    expect(JSON.parse(answer.body).code).to.equal('unsupported_media_type');
  });
});
