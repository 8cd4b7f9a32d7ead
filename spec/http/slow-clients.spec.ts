import { request } from 'node:http';
import type { Socket } from 'node:net';
import { expect } from 'chai';
import { CONNECTION_LIMITS } from '../../src/runtime/connection-limits.js';
import type { RunningServer } from '../../src/web/server.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { listenOnLoopback, openSocket, parseAnswer, untilClosed } from '../support/http/raw-socket.js';

const SLOW_HEADERS = 300;
const SLOW_BODIES = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const healthz = (port: number): Promise<{ status: number; ms: number }> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ port, host: '127.0.0.1', path: '/api/v1/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });

/** Writes one more line every second until the server closes the socket; resolves with what it answered. */
const dribble = (socket: Socket, first: string, next: (i: number) => string): Promise<string> => {
  const answered = untilClosed(socket, first);
  let i = 0;
  const timer = setInterval(() => socket.writable && socket.write(next(i++)), 1_000);
  return answered.finally(() => clearInterval(timer));
};

/** Slowloris on loopback: hundreds of slow clients, and /healthz keeps answering while they are held. */
describe('HTTP: slow clients (the real limits of the Node server)', function () {
  this.timeout(40_000);
  let h: DatabaseHarness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it(`${SLOW_HEADERS} slow header sections and ${SLOW_BODIES} slow bodies: healthz answers throughout, each slow client gets 408`, async () => {
    const server = await listenOnLoopback(h.app);
    const port = server.address.port;
    // Ten a client address, within the per-address cap: what is measured here is the server's load.
    const headers = await Promise.all(Array.from({ length: SLOW_HEADERS }, (_, i) => openSocket(port, `127.0.2.${1 + (i % 30)}`)));
    const bodies = await Promise.all(Array.from({ length: SLOW_BODIES }, (_, i) => openSocket(port, `127.0.3.${1 + (i % 5)}`)));
    const slow = [
      ...headers.map((socket) => dribble(socket, 'GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n', (i) => `X-Slow-${i}: 1\r\n`)),
      ...bodies.map((socket) =>
        dribble(socket, 'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{', () => ' '),
      ),
    ];
    const probes: { status: number; ms: number }[] = [];
    for (let i = 0; i < 20; i += 1) {
      probes.push(await healthz(port));
      await sleep(150);
    }
    const answers = (await Promise.all(slow)).map(parseAnswer);
    await server.shutdown();
    expect(probes.map((probe) => probe.status)).to.deep.equal(probes.map(() => 200));
    expect(answers.map((answer) => answer.status)).to.deep.equal(answers.map(() => 408));
    const latencies = probes.map((probe) => probe.ms).sort((a, b) => a - b);
    console.log(`      healthz during ${SLOW_HEADERS + SLOW_BODIES} slow clients: median ${latencies[10]!.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
  });

  it('at the connection cap, held by slow header sections, a newcomer takes the place of one of them and is answered', async () => {
    const cap = 40;
    const server: RunningServer = await listenOnLoopback(h.app, { limits: { maxConnections: cap, headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 } });
    const port = server.address.port;
    const held = await Promise.all(Array.from({ length: cap }, () => openSocket(port, '127.0.2.99')));
    const slow = held.map((socket) => dribble(socket, 'GET / HTTP/1.1\r\n', (i) => `X-${i}: 1\r\n`));
    await sleep(100);
    expect((await healthz(port)).status).to.equal(200);
    // The one that made room was closed without an answer; the rest got their 408.
    const answers = await Promise.all(slow);
    expect(answers.filter((answer) => answer === '')).to.have.length(1);
    expect(answers.filter((answer) => answer !== '').map((answer) => parseAnswer(answer).status)).to.deep.equal(Array(cap - 1).fill(408));
    await server.shutdown();
    expect(CONNECTION_LIMITS.maxConnections).to.be.above(SLOW_HEADERS + SLOW_BODIES);
  });
});
