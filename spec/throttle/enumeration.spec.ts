import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN } from '../support/http/harness.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD } from '../support/constants.js';

// Set per response by design; everything else must match byte for byte.
const VARYING = new Set(['x-request-id', 'date']);

const shape = (res: request.Response) => ({
  status: res.status,
  headers: Object.entries(res.headers).filter(([name]) => !VARYING.has(name)),
  body: res.text,
});

describe('enumeration at login (CONTRACT §5), deterministically', () => {
  let t: DatabaseHarness;
  const hasher = new CountingHasher();
  before(async () => {
    // A still clock: Retry-After must not differ by a second boundary falling between the two.
    t = await startHarness({}, { hasher, clock: new FixedClock() }, undefined, { throttled: true });
    await t.service.useCases.createAdmin({ email: 'ada@example.com', password: PASSWORD });
  });
  after(() => t.close());

  const login = (email: string, password: string) =>
    request(t.app).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password });

  it('an unknown email and a wrong password: one verification each, same parameters, identical responses', async () => {
    hasher.verifications.length = 0;
    const unknown = await login('ghost@example.com', PASSWORD);
    const afterUnknown = hasher.verifications.length;
    const wrong = await login('ada@example.com', `${PASSWORD}!`);
    expect([afterUnknown, hasher.verifications.length]).to.deep.equal([1, 2]);
    expect(hasher.verifications.map((v) => v.params)).to.deep.equal(['v1', 'v1']);
    expect(unknown.status).to.equal(401);
    expect(shape(unknown)).to.deep.equal(shape(wrong));
    expect(unknown.headers['x-request-id']).not.to.equal(wrong.headers['x-request-id']);
  });

  it('the same for a throttled unknown email and a throttled account', async () => {
    for (let i = 0; i < 10; i += 1) {
      await login('ghost2@example.com', 'wrong password');
      await login('ada@example.com', 'wrong password');
    }
    const [ghost, ada] = [await login('ghost2@example.com', PASSWORD), await login('ada@example.com', PASSWORD)];
    expect(ghost.status).to.equal(429);
    expect(shape(ghost)).to.deep.equal(shape(ada));
  });
});
