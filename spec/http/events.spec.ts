import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import type { DatabaseHarness } from '../support/http/harness.js';
import { adminHarness, createToken, login, registeredMember, type SignedIn } from '../support/http/users.js';

const EVENT_KEYS = ['id', 'type', 'created_at', 'client_address', 'user_agent', 'actor'];
type EventOut = { id: string; type: string; actor: string; user_id?: string };

describe('HTTP security events: /users/me/events and /admin/events', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  let member: SignedIn;
  before(async () => {
    ({ h, admin } = await adminHarness());
    member = await registeredMember(h, admin.email);
    await login(h, member.email);
    await api(h).patch('/api/v1/users/me').set(asCookie(member)).send({ display_name: 'Renamed' });
    await api(h).delete(`/api/v1/admin/users/${member.userId}/sessions`).set(asCookie(admin));
    member = await login(h, member.email);
  });
  after(() => h.close());

  const mine = (query = '', who: Record<string, string> = asCookie(member)) => api(h).get(`/api/v1/users/me/events${query}`).set(who);
  const all = (query = '') => api(h).get(`/api/v1/admin/events${query}`).set(asCookie(admin));

  it("answers the caller's own trail newest first, as SecurityEventOut, by cookie or token", async () => {
    const res = await mine();
    expect(res.status).to.equal(200);
    expect(res.body.next_cursor).to.equal(null);
    const items = res.body.items as EventOut[];
    expect(items.map((e) => e.type)).to.deep.equal(['login_succeeded', 'sessions_revoked_by_admin', 'display_name_changed', 'login_succeeded', 'registered']);
    expect(items.map((e) => e.actor)).to.deep.equal(['self', 'admin', 'self', 'self', 'self']);
    for (const item of items) expect(item).to.have.all.keys(...EVENT_KEYS);
    expect(items[0]).to.include({ client_address: '127.0.0.1' });
    const byToken = await mine('', asBearer(await createToken(h, member)));
    expect((byToken.body.items as EventOut[]).map((e) => e.type).slice(0, 1)).to.deep.equal(['api_token_created']);
  });

  it('pages with limit and an opaque cursor, the pages adding up to the whole trail', async () => {
    const whole = ((await mine('?limit=100')).body.items as EventOut[]).map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await mine(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...(res.body.items as EventOut[]).map((e) => e.id));
      cursor = res.body.next_cursor;
    } while (cursor !== null);
    expect(seen).to.deep.equal(whole);
  });

  it('never shows another user\'s events to a member', async () => {
    const res = await mine('', asCookie(admin));
    expect((res.body.items as EventOut[]).every((e) => e.type !== 'display_name_changed')).to.equal(true);
  });

  it('lets an admin read every user\'s trail with user_id, filtered by user and by type', async () => {
    const res = await all();
    expect(res.status).to.equal(200);
    const items = res.body.items as EventOut[];
    expect(new Set(items.map((e) => e.user_id))).to.include.members([admin.userId, member.userId]);
    for (const item of items) expect(item).to.have.all.keys(...EVENT_KEYS, 'user_id');
    const onlyMember = (await all(`?user_id=${member.userId}`)).body.items as EventOut[];
    expect(onlyMember.length).to.be.greaterThan(0);
    expect(onlyMember.every((e) => e.user_id === member.userId)).to.equal(true);
    const renamed = (await all('?type=display_name_changed')).body.items as EventOut[];
    expect(renamed.map((e) => e.user_id)).to.deep.equal([member.userId]);
  });

  for (const [query, loc] of [
    ['?limit=0', 'limit'],
    ['?limit=x', 'limit'],
    ['?cursor=garbage', 'cursor'],
    ['?type=no_such_type', 'type'],
    ['?user_id=not-a-uuid', 'user_id'],
    ['?limit=1&limit=2', 'limit'], // a repeated parameter is no integer (HTTP parameter pollution)
    ['?type=logout&type=login_failed', 'type'],
  ] as const) {
    it(`answers 422 validation_failed at ["query", "${loc}"] for ${query}`, async () => {
      const res = loc === 'type' || loc === 'user_id' ? await all(query) : await mine(query);
      expect([res.status, res.body.code, res.body.errors[0].loc]).to.deep.equal([422, 'validation_failed', ['query', loc]]);
    });
  }

  it('answers 403 to a member at /admin/events and 401 without a credential', async () => {
    expect((await api(h).get('/api/v1/admin/events').set(asCookie(member))).status).to.equal(403);
    expect((await api(h).get('/api/v1/users/me/events')).status).to.equal(401);
  });
});
