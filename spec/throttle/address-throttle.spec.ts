import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN } from '../support/http/harness.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD } from '../support/constants.js';


describe('throttling per client address over HTTP (CONTRACT §9)', () => {
  let t: DatabaseHarness;
  afterEach(() => t.close());

  const login = (from?: string) => {
    const call = request(t.app).post('/api/v1/auth/login').set('Origin', ORIGIN);
    return (from ? call.set('X-Forwarded-For', from) : call).send({ email: 'ada@example.com', password: PASSWORD });
  };
  const register = (from: string) =>
    request(t.app).post('/api/v1/auth/register').set('Origin', ORIGIN).set('X-Forwarded-For', from).send({});

  it('counts logins and registrations per forwarded address when one proxy hop is trusted', async () => {
    const env = { SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '3', SERVICE_TRUST_PROXY: '1' };
    t = await startHarness(env, { hasher: new CountingHasher() }, undefined, { throttled: true });
    await t.service.useCases.createAdmin({ email: 'ada@example.com', password: PASSWORD });
    expect((await login('198.51.100.1')).status).to.equal(200);
    expect((await register('198.51.100.1')).status).to.equal(422);
    expect((await login('198.51.100.1')).status).to.equal(200);
    const refused = await register('198.51.100.1');
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers['retry-after'])).to.be.within(899, 900);
    expect((await login('198.51.100.2')).status, 'another address').to.equal(200);
    expect((await request(t.app).get('/api/v1/healthz')).status).to.equal(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    t = await startHarness({ SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '2' }, { hasher: new CountingHasher() }, undefined, { throttled: true });
    await t.service.useCases.createAdmin({ email: 'ada@example.com', password: PASSWORD });
    expect((await login('198.51.100.1')).status).to.equal(200);
    expect((await login('198.51.100.2')).status).to.equal(200);
    expect((await login('198.51.100.3')).status).to.equal(429);
  });

  it('does not throttle at 0', async () => {
    t = await startHarness({ SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0', SERVICE_LOGIN_FAILURES_PER_EMAIL: '0' }, { hasher: new CountingHasher() }, undefined, { throttled: true });
    for (let i = 0; i < 15; i += 1) expect((await login()).status).to.equal(401);
  });
});
