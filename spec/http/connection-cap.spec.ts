import { once } from 'node:events';
import type { Socket } from 'node:net';
import { expect } from 'chai';
import { connectionLimitsOf } from '../../src/runtime/connection-limits.js';
import type { RunningServer } from '../../src/web/server.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { probe, sleep } from '../support/http/load-clients.js';
import { listenOnLoopback, openSocket, parseAnswer, untilClosed } from '../support/http/raw-socket.js';

const LIVEZ = 'GET /api/v1/livez HTTP/1.1\r\nHost: gatehouse.test\r\n\r\n';

interface Held {
  socket: Socket;
  closed: boolean;
}

/** A keep-alive connection that has had one request answered and now sits idle, as a browser's does. */
const idleKeepAlive = async (port: number, localAddress: string): Promise<Held> => {
  const socket = await openSocket(port, localAddress);
  const held = { socket, closed: false };
  socket.on('error', () => undefined);
  socket.once('close', () => (held.closed = true));
  const answered = once(socket, 'data');
  socket.write(LIVEZ);
  await answered;
  return held;
};

/** A request whose body is still arriving: in flight, so it is never the one closed to make room. */
const slowBody = async (port: number, localAddress: string, headers = ''): Promise<{ socket: Socket; answer: Promise<string> }> => {
  const socket = await openSocket(port, localAddress);
  const answer = untilClosed(socket, `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em`);
  return { socket, answer };
};

const heldBy = async (port: number, localAddress: string, count: number): Promise<Held[]> =>
  Promise.all(Array.from({ length: count }, () => idleKeepAlive(port, localAddress)));

/** The global cap and what happens at it, on the real Node server with its limits lowered to a few dozen. */
describe('HTTP: the connection cap is shared fairly (raw sockets, loopback addresses as clients)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it('at the global cap of idle keep-alive connections, a newcomer is answered: the longest idle of the address holding most makes room', async () => {
    const server = await listenOnLoopback(h.app, { limits: { maxConnections: 40, connectionsPerAddress: 20 } });
    const port = server.address.port;
    const heavy = await heldBy(port, '127.0.1.1', 20);
    const light = [...(await heldBy(port, '127.0.1.2', 10)), ...(await heldBy(port, '127.0.1.3', 10))];
    const health = await probe({ port, path: '/api/v1/healthz', localAddress: '127.0.1.9' });
    await sleep(200); // the close of the one made room for travels the same loopback as the answer
    const closedHeavy = heavy.filter((held) => held.closed).length;
    const closedLight = light.filter((held) => held.closed).length;
    for (const held of [...heavy, ...light]) held.socket.destroy();
    await server.shutdown();
    expect(health.status).to.equal(200);
    expect({ closedHeavy, closedLight }).to.deep.equal({ closedHeavy: 1, closedLight: 0 });
  });

  it('past the per-address cap, that address alone is refused at accept: others are still answered', async () => {
    const server = await listenOnLoopback(h.app, { limits: { maxConnections: 40, connectionsPerAddress: 5 } });
    const port = server.address.port;
    const held = await heldBy(port, '127.0.1.4', 5);
    const sixth = await untilClosed(await openSocket(port, '127.0.1.4'), LIVEZ);
    const other = await probe({ port, path: '/api/v1/livez', localAddress: '127.0.1.5' });
    for (const one of held) one.socket.destroy();
    await server.shutdown();
    expect(sixth).to.equal('');
    expect(held.filter((one) => one.closed)).to.deep.equal([]);
    expect(other.status).to.equal(200);
  });

  it('at the global cap of requests in flight, a newcomer is closed unanswered, and answered once they end', async () => {
    const cap = 20;
    const server: RunningServer = await listenOnLoopback(h.app, { limits: { maxConnections: cap, connectionsPerAddress: 10, headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, checkIntervalMs: 200 } });
    const port = server.address.port;
    const inFlight = [...(await Promise.all(Array.from({ length: 10 }, () => slowBody(port, '127.0.1.6')))), ...(await Promise.all(Array.from({ length: 10 }, () => slowBody(port, '127.0.1.7'))))];
    await sleep(100); // the servers sees each request's headers
    const refused = await untilClosed(await openSocket(port, '127.0.1.8'), LIVEZ);
    const answers = (await Promise.all(inFlight.map((one) => one.answer))).map(parseAnswer);
    const after = await probe({ port, path: '/api/v1/livez', localAddress: '127.0.1.8' });
    await server.shutdown();
    expect(refused).to.equal('');
    expect(answers.map((answer) => answer.status)).to.deep.equal(answers.map(() => 408));
    expect(after.status).to.equal(200);
  });

  describe('behind a trusted proxy (SERVICE_TRUST_PROXY=1): requests in flight per forwarded address', () => {
    let proxied: DatabaseHarness;
    let server: RunningServer;
    before(async () => {
      proxied = await startHarness({ SERVICE_TRUST_PROXY: '1', SERVICE_CONNECTIONS_PER_ADDRESS: '5' });
      // As `gatehouse serve` sets it: every socket peer is the proxy, so no per-socket-address cap.
      server = await listenOnLoopback(proxied.app, { limits: connectionLimitsOf(proxied.config) });
    });
    after(async () => {
      await server.shutdown();
      await proxied.close();
    });

    it('the sixth request in flight from one forwarded address is 429 at once; another forwarded address, and the probes, are answered', async () => {
      const port = server.address.port;
      const slow = await Promise.all(Array.from({ length: 5 }, () => slowBody(port, '127.0.0.1', 'X-Forwarded-For: 203.0.113.7\r\n')));
      await sleep(100); // the server sees each request's headers
      const forwarded = (address: string) => ({ 'X-Forwarded-For': address });
      const sixth = await probe({ port, path: '/api/v1/livez', localAddress: '127.0.0.1', headers: forwarded('203.0.113.7') });
      const raw = parseAnswer(await untilClosed(await openSocket(port), `GET /api/v1/livez HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n`));
      const other = await probe({ port, path: '/api/v1/healthz', localAddress: '127.0.0.1', headers: forwarded('203.0.113.8') });
      for (const one of slow) one.socket.destroy();
      await Promise.all(slow.map((one) => one.answer));
      await sleep(100); // the server sees the five go
      const again = await probe({ port, path: '/api/v1/livez', localAddress: '127.0.0.1', headers: forwarded('203.0.113.7') });
      expect(sixth.status).to.equal(429);
      expect(raw.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(JSON.parse(raw.body).code).to.equal('too_many_requests');
      expect(raw.headers['retry-after']).to.equal('1');
      expect(raw.headers.connection).to.equal('close');
      expect(other.status).to.equal(200);
      expect(again.status).to.equal(200);
    });
  });
});
