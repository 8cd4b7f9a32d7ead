import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { createToken, login, PASSWORD, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const MINUTE = 60_000;

describe('HTTP recent authentication: one proof for every sensitive change', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let member: SignedIn;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({ SERVICE_LOGIN_FAILURES_PER_EMAIL: '3' }, { clock });
    member = await registeredMember(h, (await signedInAdmin(h)).email);
  });
  afterEach(() => h.close());

  /** Every successful step-up rotates the session's secret: the caller carries on with the new cookie. */
  const stepUp = async (who: SignedIn, password: string) => {
    const res = await api(h).post('/api/v1/auth/step-up').set(asCookie(who)).send({ password });
    const rotated = sessionCookieOf(res);
    if (res.status === 204 && rotated) who.token = rotated;
    return res;
  };
  const newToken = (who: SignedIn) => api(h).post('/api/v1/tokens').set(asCookie(who)).send({ name: 'ci' });

  it('creates a token within 15 minutes of signing in, and 403 step_up_required after', async () => {
    clock.advance(15 * MINUTE - 1);
    expect((await newToken(member)).status).to.equal(201);
    clock.advance(1);
    const late = await newToken(member);
    expect([late.status, late.body.code]).to.deep.equal([403, 'step_up_required']);
    expect(await countRows(h.db, 'api_tokens')).to.equal(1);
  });

  it('a password step-up rotates the session secret: a new cookie, the old value dead at once, the same session, a fresh 15 minutes', async () => {
    clock.advance(60 * MINUTE);
    const before = member.token;
    const sessionsBefore = (await api(h).get('/api/v1/sessions').set(asCookie(member))).body as unknown[];
    const renewed = await stepUp(member, PASSWORD);
    expect(renewed.status).to.equal(204);
    expect(member.token, 'a new session secret in a new cookie').to.be.a('string').and.not.equal(before);
    expect((await api(h).get('/api/v1/users/me').set(asCookie({ ...member, token: before }))).status, 'the old value is dead at once').to.equal(401);
    expect((await api(h).get('/api/v1/sessions').set(asCookie(member))).body, 'the same session, by id').to.deep.equal(sessionsBefore);
    expect(await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })).to.equal(1);
    expect((await newToken(member)).status).to.equal(201);
    clock.advance(15 * MINUTE);
    expect((await newToken(member)).body.code).to.equal('step_up_required');
  });

  it('a credential never mints a credential: an API token cannot create a token or step up', async () => {
    const token = await createToken(h, member);
    const minted = await api(h).post('/api/v1/tokens').set(asBearer(token)).send({ name: 'twin', expires_in_days: null });
    const stepped = await api(h).post('/api/v1/auth/step-up').set(asBearer(token)).send({ password: PASSWORD });
    expect([minted.status, minted.body.code, stepped.status, stepped.body.code]).to.deep.equal([403, 'forbidden', 403, 'forbidden']);
    expect(await countRows(h.db, 'api_tokens')).to.equal(1);
  });

  it('revoking another session by cookie needs the proof; the current one (a logout) and a token do not', async () => {
    const second = await login(h, member.email);
    const sessions = (await api(h).get('/api/v1/sessions').set(asCookie(member))).body as { id: string; current: boolean; mfa: boolean }[];
    const other = sessions.find((s) => !s.current)!;
    expect(sessions.map((s) => s.mfa)).to.deep.equal([false, false]);
    clock.advance(16 * MINUTE);
    const refused = await api(h).delete(`/api/v1/sessions/${other.id}`).set(asCookie(member));
    const refusedAll = await api(h).post('/api/v1/sessions/revoke-others').set(asCookie(member));
    expect([refused.body.code, refusedAll.body.code]).to.deep.equal(['step_up_required', 'step_up_required']);
    expect(await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })).to.equal(2);
    expect((await stepUp(member, PASSWORD)).status).to.equal(204);
    expect((await api(h).post('/api/v1/sessions/revoke-others').set(asCookie(member))).status).to.equal(204);
    expect((await api(h).get('/api/v1/users/me').set(asCookie(second))).status).to.equal(401);
    clock.advance(16 * MINUTE);
    const current = sessions.find((s) => s.current)!;
    expect((await api(h).delete(`/api/v1/sessions/${current.id}`).set(asCookie(member))).status, 'ending the current session').to.equal(204);
  });

  it('every password re-check counts toward the per-email limit and lands in the trail when wrong', async () => {
    const wrong = 'not the password at all';
    expect((await stepUp(member, wrong)).body.code).to.equal('invalid_credentials');
    const change = await api(h).put('/api/v1/users/me/password').set(asCookie(member)).send({ current_password: wrong, new_password: 'a brand new long passphrase 1' });
    const deletion = await api(h).delete('/api/v1/users/me').set(asCookie(member)).send({ password: wrong });
    expect([change.body.code, deletion.body.code]).to.deep.equal(['invalid_credentials', 'invalid_credentials']);
    const throttled = await stepUp(member, PASSWORD);
    expect([throttled.status, throttled.body.code]).to.deep.equal([429, 'too_many_requests']);
    expect(throttled.headers['retry-after']).to.equal('900');
    const login = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
    expect(login.status, 'the same limit refuses a login for that email').to.equal(429);
    const failures = await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'login_failed' });
    const throttledEvents = await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'login_throttled' });
    expect([failures, throttledEvents]).to.deep.equal([3, 1]);
  });

  it('sessions that predate the proof column must step up before a sensitive change', async () => {
    await h.db('sessions').where('user_id', toStoredId(member.userId)).update({ authenticated_at: h.db.raw('?', [new Date(0).toISOString()]) });
    expect((await newToken(member)).body.code).to.equal('step_up_required');
  });
});
