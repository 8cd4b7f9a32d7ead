import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../src/metrics/prometheus-metrics.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { requestCounts, samplesOf, valueOf } from '../support/metrics/metric-values.js';
import { PASSWORD, inviteCode, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';

describe(`HTTP metrics: route templates and outcome counters (${ENGINE_LABEL})`, () => {
  let metrics: PrometheusMetrics;
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    metrics = createPrometheusMetrics();
    h = await startHarness({}, { hasher: new CountingHasher() }, metrics);
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const countFor = async (labels: Record<string, string | number>) => valueOf(await requestCounts(metrics.registry), labels);

  it('labels a request by its route template, whatever id or trailing slash the path had', async () => {
    const id = randomUUID();
    const before = await countFor({ method: 'DELETE', route: '/api/v1/sessions/:id', status_code: 404 });
    await api(h).delete(`/api/v1/sessions/${id}`).set(asCookie(admin));
    await api(h).delete('/api/v1/sessions/not-a-uuid').set(asCookie(admin));
    expect(await countFor({ method: 'DELETE', route: '/api/v1/sessions/:id', status_code: 404 })).to.equal(before + 2);

    const me = await countFor({ method: 'GET', route: '/api/v1/users/me', status_code: 200 });
    await api(h).get('/api/v1/users/me/').set(asCookie(admin));
    expect(await countFor({ method: 'GET', route: '/api/v1/users/me', status_code: 200 })).to.equal(me + 1);

    const labels = (await requestCounts(metrics.registry)).map((sample) => String(sample.labels.route));
    expect(labels.filter((route) => route.includes(id) || route.includes('not-a-uuid') || route.endsWith('/'))).to.deep.equal([]);
  });

  it('keeps the template when the route fails: a 401 is still /api/v1/users/me', async () => {
    const before = await countFor({ method: 'GET', route: '/api/v1/users/me', status_code: 401 });
    expect((await api(h).get('/api/v1/users/me')).status).to.equal(401);
    expect(await countFor({ method: 'GET', route: '/api/v1/users/me', status_code: 401 })).to.equal(before + 1);
  });

  it('labels forward auth, the probes and routes of mounted routers by their full template', async () => {
    await api(h).get('/api/v1/auth/verify').set(asCookie(admin));
    await api(h).get('/api/v1/readyz');
    await api(h).post('/api/v1/sessions/revoke-others').set(asCookie(admin));
    expect(await countFor({ method: 'GET', route: '/api/v1/auth/verify', status_code: 204 })).to.be.greaterThan(0);
    expect(await countFor({ method: 'GET', route: '/api/v1/readyz', status_code: 200 })).to.be.greaterThan(0);
    expect(await countFor({ method: 'POST', route: '/api/v1/sessions/revoke-others', status_code: 204 })).to.be.greaterThan(0);
  });

  it('puts every request that matches no route under one label', async () => {
    const before = await requestCounts(metrics.registry);
    for (const path of ['/nope', `/api/v1/${randomUUID()}`, '/api/v1/users/me/extra', '/api/v1/metrics']) {
      expect((await api(h).get(path)).status).to.equal(404);
    }
    const after = await requestCounts(metrics.registry);
    expect(valueOf(after, { route: 'unmatched', status_code: 404 }) - valueOf(before, { route: 'unmatched', status_code: 404 })).to.equal(4);
    expect(after.length - before.length).to.be.at.most(1);
  });

  it('counts logins by outcome: succeeded, invalid_credentials, validation_failed', async () => {
    const logins = () => samplesOf(metrics.registry, 'gatehouse_logins_total');
    const before = await logins();
    await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: admin.email, password: PASSWORD });
    await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: admin.email, password: 'wrong password, long enough' });
    await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: admin.email });
    const after = await logins();
    for (const outcome of ['succeeded', 'invalid_credentials', 'validation_failed']) {
      expect(valueOf(after, { outcome }) - valueOf(before, { outcome }), outcome).to.equal(1);
    }
  });

  it('counts registrations by outcome: succeeded, invite_invalid, email_taken', async () => {
    const registrations = () => samplesOf(metrics.registry, 'gatehouse_registrations_total');
    const before = await registrations();
    const register = async (invite_code: string, email: string) =>
      api(h).post('/api/v1/auth/register').set('Origin', ORIGIN).send({ invite_code, email, password: PASSWORD, display_name: 'Counted' });
    const email = uniqueEmail('counted');
    expect((await register(await inviteCode(h, admin.email), email)).status).to.equal(201);
    expect((await register('no such invite', uniqueEmail())).status).to.equal(400);
    expect((await register(await inviteCode(h, admin.email), email)).status).to.equal(409);
    const after = await registrations();
    for (const outcome of ['succeeded', 'invite_invalid', 'email_taken']) {
      expect(valueOf(after, { outcome }) - valueOf(before, { outcome }), outcome).to.equal(1);
    }
  });

  it('starts every known outcome and both limits at 0, so rates exist before the first event', async () => {
    const fresh = createPrometheusMetrics();
    expect(valueOf(await samplesOf(fresh.registry, 'gatehouse_logins_total'), { outcome: 'too_many_requests' })).to.equal(0);
    const limits = (await samplesOf(fresh.registry, 'gatehouse_throttled_total')).map((sample) => sample.labels.limit);
    expect(limits).to.have.members(['email', 'address']);
  });

  describe('throttling', () => {
    let throttled: PrometheusMetrics;
    let t: DatabaseHarness;
    before(async () => {
      throttled = createPrometheusMetrics();
      const limits = { SERVICE_LOGIN_FAILURES_PER_EMAIL: '2', SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '5' };
      t = await startHarness(limits, { hasher: new CountingHasher() }, throttled);
    });
    after(() => t.close());

    it('counts each refusal under the limit that made it, and the login as too_many_requests', async () => {
      const login = (email: string) =>
        api(t).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password: 'wrong password, long enough' });
      const email = uniqueEmail('throttled');
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await login(email)).status);
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await login(uniqueEmail())).status);
      expect(statuses).to.deep.equal([401, 401, 429, 401, 401, 429]);
      const limits = await samplesOf(throttled.registry, 'gatehouse_throttled_total');
      expect([valueOf(limits, { limit: 'email' }), valueOf(limits, { limit: 'address' })]).to.deep.equal([1, 1]);
      expect(valueOf(await samplesOf(throttled.registry, 'gatehouse_logins_total'), { outcome: 'too_many_requests' })).to.equal(2);
    });
  });
});
