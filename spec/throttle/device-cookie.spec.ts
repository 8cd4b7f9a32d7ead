import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN } from '../support/http/harness.js';
import { sessionCookieOf } from '../support/http/users.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD } from '../support/constants.js';

const ADA = 'ada@example.com';
const DAY = 24 * 60 * 60_000;

/** ASVS 6.1.1 with OWASP's device cookies (decision 0018), on the suite's engine. */
describe('a lockout the attacker cannot impose on the owner (device cookies)', () => {
  let t: DatabaseHarness;
  let clock: FixedClock;
  const login = (email: string, password: string, cookies: string[] = []) =>
    request(t.app).post('/api/v1/auth/login').set('Origin', ORIGIN).set('Cookie', cookies).send({ email, password });
  const deviceOf = (res: request.Response): string => {
    const value = sessionCookieOf(res, 'gh_device');
    if (!value) throw new Error(`no device cookie in a ${res.status} answer`);
    return `gh_device=${value}`;
  };
  const attackerLocksAda = async () => {
    for (let i = 0; i < 10; i += 1) expect((await login(ADA, 'wrong password')).status).to.equal(401);
    expect((await login(ADA, PASSWORD)).status, 'the email is locked for everybody else').to.equal(429);
  };

  beforeEach(async () => {
    clock = new FixedClock();
    t = await startHarness({}, { clock, hasher: new CountingHasher() }, undefined, { throttled: true });
    for (const email of [ADA, 'bob@example.com']) await t.service.useCases.createAdmin({ email, password: PASSWORD });
  });
  afterEach(() => t.close());

  it("lets the owner's browser log in while ten failures from elsewhere lock the email", async () => {
    const device = deviceOf(await login(ADA, PASSWORD));
    await attackerLocksAda();
    const owner = await login(ADA, PASSWORD, [device]);
    expect(owner.status).to.equal(200);
    expect(sessionCookieOf(owner), 'a session').to.be.a('string');
    expect(deviceOf(owner), 'a fresh device cookie').not.to.equal(device);
  });

  it('gives the device a budget of its own: its ten failures lock that device, not the email', async () => {
    const device = deviceOf(await login(ADA, PASSWORD));
    for (let i = 0; i < 10; i += 1) expect((await login(ADA, 'wrong password', [device])).status).to.equal(401);
    const refused = await login(ADA, PASSWORD, [device]);
    expect([refused.status, refused.headers['retry-after']]).to.deep.equal([429, '900']);
    expect((await login(ADA, PASSWORD)).status, 'another browser').to.equal(200);
    const lines = t.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.security_event === 'login_throttled' && line.limiter === 'device')).to.equal(true);
  });

  it("counts a forged, altered, expired or another user's device cookie on the email", async () => {
    const bobs = deviceOf(await login('bob@example.com', PASSWORD));
    const adas = deviceOf(await login(ADA, PASSWORD));
    await attackerLocksAda();
    // The next-to-last character carries six bits of the tag (the last one only two): change it, whatever it is.
    const altered = `${adas.slice(0, -2)}${adas.at(-2) === 'A' ? 'B' : 'A'}${adas.slice(-1)}`;
    for (const cookie of [bobs, altered, 'gh_device=v1.x.y.z.w', 'gh_device=made-up']) {
      expect((await login(ADA, PASSWORD, [cookie])).status, cookie).to.equal(429);
    }
    clock.advance(365 * DAY);
    await attackerLocksAda();
    expect((await login(ADA, PASSWORD, [adas])).status, 'a year old').to.equal(429);
  });

  it("re-checks the password on the device's budget too: step-up works while the email is locked", async () => {
    const signedIn = await login(ADA, PASSWORD);
    const cookies = [`gh_session=${sessionCookieOf(signedIn) ?? ''}`, deviceOf(signedIn)];
    await attackerLocksAda();
    const stepUp = await request(t.app).post('/api/v1/auth/step-up').set('Origin', ORIGIN).set('Cookie', cookies).send({ password: PASSWORD });
    expect(stepUp.status).to.equal(204);
  });

  it('sets the cookie like the session cookie, for a year, and never on a refused login', async () => {
    const res = await login(ADA, PASSWORD);
    const line = (res.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('gh_device='));
    expect(line).to.match(/^gh_device=v2\.[^;]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=31536000$/);
    const refused = await login(ADA, 'wrong password');
    expect(JSON.stringify(refused.headers['set-cookie'] ?? [])).not.to.include('gh_device');
  });
});
