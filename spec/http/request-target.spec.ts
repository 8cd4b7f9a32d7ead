import { expect } from 'chai';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { parseExposition } from '../support/metrics/metric-values.js';
import { exchange, openSocket, untilClosed, type RawAnswer } from '../support/http/raw-socket.js';
import { probe } from '../support/http/load-clients.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';

const BATCHES = 60;
const PER_BATCH = 50;
/** Markers that must appear nowhere the service writes: in a target's user information and host. */
const SECRET = 'secret-pw-';
const HOST = 'leak-host-';

const statusesOf = (text: string): number[] => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

/** Three absolute-form targets a request, in turn: with user information, plain, https with a port and a query. */
const targetOf = (i: number): string =>
  [
    `http://user${i}:${SECRET}${i}@${HOST}${i}.example/api/v1/healthz`,
    `http://${HOST}${i}.example/api/v1/livez`,
    `HTTPS://${HOST}${i}.example:8443/api/v1/users/me?page=${i}`,
  ][i % 3]!;

/** One connection, PER_BATCH pipelined requests on it, the last closing it. */
const batch = async (port: number, first: number): Promise<number[]> => {
  const requests = Array.from({ length: PER_BATCH }, (_, j) => {
    const i = first + j;
    const close = j === PER_BATCH - 1 ? 'Connection: close\r\n' : '';
    return `GET ${targetOf(i)} HTTP/1.1\r\nHost: ${HOST}${i}.example\r\n${close}\r\n`;
  });
  return statusesOf(await untilClosed(await openSocket(port), requests.join('')));
};

const metricsText = async (server: ServerProcess): Promise<string> => {
  const port = Number(new URL(server.metricsUrl!).port);
  return new Promise((resolve, reject) => {
    void import('node:http').then(({ get }) =>
      get({ host: '127.0.0.1', port, path: '/metrics', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      }).on('error', reject),
    );
  });
};

const durationSeries = (text: string) => parseExposition(text).filter((sample) => sample.name === 'http_server_request_duration_seconds_count');

const expectProblem = (answer: RawAnswer, status: number, code: string) => {
  expect(answer.status, answer.text).to.equal(status);
  expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(JSON.parse(answer.body).code).to.equal(code);
};

/**
 * Request targets other than a path, against the real process: its own stdout and its metrics
 * listener are what an operator sees, so a credential in a target must reach neither.
 */
describe(`HTTP: request targets reach the router as paths only (gatehouse serve, ${ENGINE_LABEL})`, function () {
  this.timeout(120_000);
  let database: TempDatabase;
  let server: ServerProcess;
  let port: number;

  before(async function () {
    this.timeout(180_000); // may build dist/ first
    database = await createTempDatabase();
    server = await startServerProcess(database.url, { SERVICE_METRICS_ADDRESS: '127.0.0.1:0' });
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    expect(await server?.stop()).to.equal(0);
    await database?.cleanup();
  });

  it('an absolute-form target is served by its path (its authority dropped); with user information it is 400', async () => {
    expect((await exchange(port, `GET http://${HOST}a.example/api/v1/livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).status).to.equal(200);
    // Its path is `/`, which sends a browser to the sign-in page.
    expect((await exchange(port, `GET http://${HOST}b.example HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).status).to.equal(303);
    expectProblem(await exchange(port, `GET http://u:${SECRET}x@${HOST}c.example/api/v1/livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), 400, 'malformed_request');
    expectProblem(await exchange(port, `GET ftp://${HOST}d.example/api/v1/livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), 400, 'malformed_request');
    expectProblem(await exchange(port, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 400, 'malformed_request');
  });

  it(`${BATCHES * PER_BATCH} absolute-form targets with credentials: none in any log line or metrics label, the series count bounded`, async () => {
    const before = await metricsText(server);
    const statuses: number[] = [];
    for (let b = 0; b < BATCHES; b += 1) statuses.push(...(await batch(port, b * PER_BATCH)));
    // The last access-log lines are written as the responses finish: one more request, then read.
    expect((await probe({ port, path: '/api/v1/livez', localAddress: '127.0.0.1' })).status).to.equal(200);
    const after = await metricsText(server);
    const stdout = server.stdout();
    console.log(`      /metrics ${(before.length / 1024).toFixed(1)} KiB before, ${(after.length / 1024).toFixed(1)} KiB after ${statuses.length} requests`);

    expect(statuses).to.have.length(BATCHES * PER_BATCH);
    expect(new Set(statuses)).to.deep.equal(new Set([400, 200, 401]));
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines.length).to.be.above(BATCHES * PER_BATCH);
    expect(lines.filter((line) => line.includes(SECRET) || line.includes(HOST) || line.includes('@'))).to.deep.equal([]);
    expect(after.includes(SECRET) || after.includes(HOST)).to.equal(false);
    const routes = new Set(durationSeries(after).map((sample) => sample.labels.route));
    expect([...routes].filter((route) => route !== 'unmatched' && route !== '/' && !/^\/api\/v1\/[a-z/:-]+$/.test(route ?? ''))).to.deep.equal([]);
    // At most one new series per kind of answer: the livez 200, the users/me 401 and the unmatched 400.
    expect(durationSeries(after).length - durationSeries(before).length).to.be.at.most(3);
  });

  it('CONNECT is answered 404 not_found problem+json and the connection closed, not dropped without a word', async () => {
    for (const target of [`${HOST}e.example:443`, '/api/v1/healthz']) {
      const answer = await exchange(port, `CONNECT ${target} HTTP/1.1\r\nHost: ${HOST}e.example:443\r\n\r\n`);
      expectProblem(answer, 404, 'not_found');
      expect(answer.headers.connection).to.equal('close');
    }
  });
});
