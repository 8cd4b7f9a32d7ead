import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, login, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** §15 rule 9 over HTTP, on the suite's engine: the form a confirmation interrupted is carried out by that session's confirmation only, within 15 minutes. */
describe('pages: nothing is lost on the detour through the confirm page (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let clock: FixedClock;
  let admin: SignedIn;

  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
  });
  afterEach(async () => h?.close());

  const post = (path: string, who: SignedIn, fields: Record<string, string> = {}) =>
    request(h.app).post(path).set('Origin', ORIGIN).set('Cookie', cookieHeader(who.token)).type('form').send(form(fields));
  // The proof goes stale in the database: the confirm page reads the wall clock, the pending action's expiry the service's.
  const staleProofs = () => h.db('sessions').update({ authenticated_at: new Date(Date.now() - 3_600_000).toISOString() });
  const disabledAt = async (email: string): Promise<unknown> => (await h.db('users').where({ email }).first()).disabled_at;

  it('confirming with a stale proof disables the user the admin asked for, names it first, and lands on that user', async () => {
    const member = await registeredMember(h, admin.email);
    await staleProofs();
    const asked = await post(`/gatehouse/admin/users/${member.userId}/disable`, admin);
    expect(asked.status).to.equal(303);
    const confirm = String(asked.headers.location);
    expect(confirm).to.match(/^\/gatehouse\/confirm\?/);
    expect(await disabledAt(member.email), 'nothing happens before the confirmation').to.equal(null);

    const page = await request(h.app).get(confirm).set('Cookie', cookieHeader(admin.token));
    expect(page.text).to.contain(`Confirm it is you to disable ${member.email}`);

    const confirmed = await post(confirm, admin, { password: PASSWORD });
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.equal(`/gatehouse/admin/users/${member.userId}#details`);
    expect(await disabledAt(member.email)).to.not.equal(null);
    expect(sessionCookieOf(confirmed), 'the renewed session goes on').to.be.a('string').and.not.equal(admin.token);
    expect(await h.db('pending_actions').select('name'), 'taken, not left behind').to.deep.equal([]);
  });

  it('confirming with a stale proof creates the API token the form asked for and lands where it is shown', async () => {
    await staleProofs();
    const asked = await post('/gatehouse/account/tokens', admin, { name: 'deploy bot' });
    expect(asked.status).to.equal(303);
    const confirm = String(asked.headers.location);
    expect((await request(h.app).get(confirm).set('Cookie', cookieHeader(admin.token))).text).to.contain('Confirm it is you to create the API token deploy bot');
    expect(await h.db('api_tokens').where({ name: 'deploy bot' })).to.have.length(0);

    const confirmed = await post(confirm, admin, { password: PASSWORD });
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.match(/^\/gatehouse\/account/);
    expect(await h.db('api_tokens').where({ name: 'deploy bot' })).to.have.length(1);
  });

  it('does not carry out an action kept more than 15 minutes ago', async () => {
    const member = await registeredMember(h, admin.email);
    await staleProofs();
    const asked = await post(`/gatehouse/admin/users/${member.userId}/disable`, admin);
    clock.advance(15 * 60_000 - 1_000);
    const before = await request(h.app).get(String(asked.headers.location)).set('Cookie', cookieHeader(admin.token));
    expect(before.text, 'still waiting a second before its 15 minutes end').to.contain(`Confirm it is you to disable ${member.email}`);
    clock.advance(2_000);
    const page = await request(h.app).get(String(asked.headers.location)).set('Cookie', cookieHeader(admin.token));
    expect(page.text).to.not.contain('Confirm it is you to disable');
    const confirmed = await post(String(asked.headers.location), admin, { password: PASSWORD });
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.equal('/gatehouse/admin');
    expect(await disabledAt(member.email)).to.equal(null);
  });

  it('another session of the same admin cannot carry it out, and the one that kept it still can', async () => {
    const member = await registeredMember(h, admin.email);
    const other = await login(h, admin.email);
    await staleProofs();
    const asked = await post(`/gatehouse/admin/users/${member.userId}/disable`, admin);
    const confirm = String(asked.headers.location);
    expect((await request(h.app).get(confirm).set('Cookie', cookieHeader(other.token))).text).to.not.contain('Confirm it is you to disable');
    const elsewhere = await post(confirm, other, { password: PASSWORD });
    expect(elsewhere.headers.location).to.equal('/gatehouse/admin');
    expect(await disabledAt(member.email)).to.equal(null);

    const mine = await post(confirm, admin, { password: PASSWORD });
    expect(mine.headers.location).to.equal(`/gatehouse/admin/users/${member.userId}#details`);
    expect(await disabledAt(member.email)).to.not.equal(null);
  });

  it('carries it out once: confirming again goes back to the page and does nothing more', async () => {
    const member = await registeredMember(h, admin.email);
    await staleProofs();
    const asked = await post(`/gatehouse/admin/users/${member.userId}/disable`, admin);
    const confirm = String(asked.headers.location);
    const first = await post(confirm, admin, { password: PASSWORD });
    expect(first.headers.location).to.equal(`/gatehouse/admin/users/${member.userId}#details`);
    admin.token = sessionCookieOf(first) ?? admin.token;
    await h.db('users').where({ email: member.email }).update({ disabled_at: null });
    const again = await post(confirm, admin, { password: PASSWORD });
    expect(again.status).to.equal(303);
    expect(again.headers.location).to.equal('/gatehouse/admin');
    expect(await disabledAt(member.email)).to.equal(null);
  });
});
