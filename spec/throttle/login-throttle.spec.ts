import { expect } from 'chai';
import request from 'supertest';
import { countRows } from '../support/db/count-rows.js';
import { ORIGIN } from '../support/http/harness.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD } from '../support/constants.js';

const MINUTE = 60_000;

describe('login throttling over HTTP, with an injected clock (CONTRACT §9)', () => {
  let t: DatabaseHarness;
  let clock: FixedClock;
  const login = (email: string, password: string) =>
    request(t.app).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password });

  beforeEach(async () => {
    clock = new FixedClock();
    t = await startHarness({}, { clock, hasher: new CountingHasher() }, undefined, { throttled: true });
    for (const email of ['ada@example.com', 'bob@example.com']) await t.service.useCases.createAdmin({ email, password: PASSWORD });
  });
  afterEach(() => t.close());

  it('answers 429 with Retry-After after 10 failures, even for the right password, until the window frees', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login('ada@example.com', 'wrong password')).status).to.equal(401);
    const refused = await login('ada@example.com', PASSWORD);
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.equal('900');
    expect(refused.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(refused.body).to.include({ status: 429, code: 'too_many_requests' });
    expect(refused.headers).not.to.have.property('set-cookie');

    expect((await login('bob@example.com', PASSWORD)).status, 'another account').to.equal(200);
    expect((await request(t.app).get('/api/v1/healthz')).status, 'health').to.equal(200);

    clock.advance(14 * MINUTE + 59_500);
    expect((await login('ada@example.com', PASSWORD)).headers['retry-after']).to.equal('1');
    clock.advance(500);
    expect((await login('ada@example.com', PASSWORD)).status).to.equal(200);
  });

  it('stores limiter keys only as SHA-256 digests and purges ended windows', async () => {
    await login('ada@example.com', 'wrong password');
    const rows = (await t.db('throttle_counters').select('key_hash')) as { key_hash: string }[];
    expect(rows.length).to.equal(2); // the email and the client address
    for (const row of rows) expect(row.key_hash).to.match(/^[0-9a-f]{64}$/);
    clock.advance(16 * MINUTE);
    await login('bob@example.com', 'wrong password');
    expect(await countRows(t.db, 'throttle_counters')).to.equal(2);
  });
});
