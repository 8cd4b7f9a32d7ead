import { expect } from 'chai';
import { composeService } from '../../src/compose.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { ORIGIN, testConfig } from '../support/http/harness.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';
import { PASSWORD, uniqueEmail } from '../support/http/users.js';
import { askListener, sampleValue, scrape } from '../support/metrics/metrics-client.js';

const DURATION_COUNT = 'http_server_request_duration_seconds_count';

describe(`the metrics listener of \`gatehouse serve\` (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let database: TempDatabase;
  let server: ServerProcess;
  let metricsUrl: string;
  let email: string;

  before(async function () {
    this.timeout(120_000); // may build dist/ first
    database = await createTempDatabase();
    email = uniqueEmail('scraped');
    const service = composeService({ ...testConfig({ SERVICE_DATABASE_URL: database.url }), databasePoolMax: 1 });
    await service.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Scraped' });
    await service.close();
    server = await startServerProcess(database.url, { SERVICE_METRICS_ADDRESS: '127.0.0.1:0', SERVICE_LOGIN_FAILURES_PER_EMAIL: '1' });
    metricsUrl = server.metricsUrl!;
  });
  after(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it('listens on a port of its own, which serves GET /metrics and nothing else', async () => {
    expect(metricsUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(metricsUrl).not.to.equal(server.url);
    for (const [path, method] of [['/', 'GET'], ['/api/v1/healthz', 'GET'], ['/metrics', 'POST']] as const) {
      const answer = await askListener(`${metricsUrl}${path}`, method);
      expect(typeof answer === 'string' ? answer : answer.status, `${method} ${path}`).to.equal(404);
    }
  });

  it('is never on the public port: /metrics there is an unknown route', async () => {
    for (const path of ['/metrics', '/api/v1/metrics']) {
      const res = await api(server.url).get(path);
      expect(res.status, path).to.equal(404);
      expect(res.body.code).to.equal('not_found');
    }
  });

  it('exports process metrics, the request histogram and the three service counters', async () => {
    await api(server.url).get('/api/v1/livez');
    const names = new Set((await scrape(metricsUrl)).map((sample) => sample.name));
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'http_server_request_duration_seconds_bucket',
      'http_server_request_duration_seconds_sum',
      DURATION_COUNT,
      'gatehouse_logins_total',
      'gatehouse_registrations_total',
      'gatehouse_throttled_total',
    ]) {
      expect(names, name).to.include(name);
    }
  });

  it('counts a real login, a refused one and a throttled one in the running process', async () => {
    const before = await scrape(metricsUrl);
    const login = (password: string) => api(server.url).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password });
    expect((await login(PASSWORD)).status).to.equal(200);
    expect((await login('wrong password, long enough')).status).to.equal(401);
    expect((await login('wrong password, long enough')).status).to.equal(429); // one failure allowed per email
    const after = await scrape(metricsUrl);
    const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('gatehouse_logins_total', { outcome: 'succeeded' })).to.equal(1);
    expect(delta('gatehouse_logins_total', { outcome: 'invalid_credentials' })).to.equal(1);
    expect(delta('gatehouse_logins_total', { outcome: 'too_many_requests' })).to.equal(1);
    expect(delta('gatehouse_throttled_total', { limit: 'email' })).to.equal(1);
    expect(delta(DURATION_COUNT, { method: 'POST', route: '/api/v1/auth/login', status_code: '429' })).to.equal(1);
  });

  it('1 000 distinct unknown paths add one series at most, all under the unmatched label', async () => {
    const before = await scrape(metricsUrl);
    const paths = Array.from({ length: 1000 }, (_, i) => `/api/v1/unknown-${i}/${(i * 7919).toString(36)}`);
    // Sixteen at a time: the count is what matters, not the order.
    for (let start = 0; start < paths.length; start += 16) {
      const statuses = await Promise.all(paths.slice(start, start + 16).map(async (path) => (await api(server.url).get(path)).status));
      expect(statuses.every((status) => status === 404)).to.equal(true);
    }
    const after = await scrape(metricsUrl);
    const series = after.filter((sample) => sample.name === DURATION_COUNT);
    expect(series.length - before.filter((sample) => sample.name === DURATION_COUNT).length).to.be.at.most(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(sampleValue(after, DURATION_COUNT, unmatched) - sampleValue(before, DURATION_COUNT, unmatched)).to.equal(1000);
    expect(series.filter((sample) => sample.labels.route!.includes('unknown-'))).to.deep.equal([]);
  });

  it('is off unless SERVICE_METRICS_ADDRESS is set', async () => {
    const plain = await startServerProcess(database.url);
    try {
      expect(plain.metricsUrl).to.equal(null);
    } finally {
      await plain.stop();
    }
  });

  // Last: it stops the server the cases above share.
  it('stops with the server: SIGTERM closes both listeners and the process exits 0', async () => {
    await scrape(metricsUrl);
    expect(await server.stop()).to.equal(0);
    expect(await askListener(`${metricsUrl}/metrics`)).to.equal('ECONNREFUSED');
    expect(await askListener(`${server.url}/api/v1/livez`)).to.equal('ECONNREFUSED');
  });
});
