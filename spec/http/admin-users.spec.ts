import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import type { DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, adminHarness, createToken, login, registeredMember, type SignedIn } from '../support/http/users.js';

const ADMIN_USER_KEYS = ['id', 'email', 'display_name', 'username', 'created_at', 'disabled', 'mfa', 'last_login_at'];

describe('HTTP /admin/users: listing and reading users', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  let members: SignedIn[];
  before(async () => {
    ({ h, admin } = await adminHarness());
    members = [];
    for (let i = 0; i < 3; i += 1) members.push(await registeredMember(h, admin.email, `Member ${i}`));
  });
  after(() => h.close());

  const list = (query = '', credential: Record<string, string> = asCookie(admin)) => api(h).get(`/api/v1/admin/users${query}`).set(credential);

  it('lists every user oldest first as AdminUserOut, with next_cursor null on the last page', async () => {
    const res = await list();
    expect(res.status).to.equal(200);
    expect(res.body.next_cursor).to.equal(null);
    expect(res.body.items.map((u: { id: string }) => u.id)).to.deep.equal([admin.userId, ...members.map((m) => m.userId)]);
    for (const item of res.body.items) expect(item).to.have.all.keys(...ADMIN_USER_KEYS);
    expect(res.body.items[0]).to.include({ disabled: false, mfa: false });
    expect(res.body.items[0].last_login_at, 'the admin logged in').to.be.a('string');
    expect(res.body.items[1].last_login_at, 'a member who only registered').to.equal(null);
  });

  it('pages with an opaque cursor until next_cursor is null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).to.equal(200);
      expect(res.body.items.length).to.be.at.most(2);
      seen.push(...res.body.items.map((u: { id: string }) => u.id));
      cursor = res.body.next_cursor;
      if (cursor !== null) expect(cursor).to.be.a('string').and.not.include(seen[seen.length - 1]!);
    } while (cursor !== null);
    expect(seen).to.deep.equal([admin.userId, ...members.map((m) => m.userId)]);
  });

  it('filters by email prefix, normalised like an email', async () => {
    const res = await list(`?email_prefix=${encodeURIComponent(members[1]!.email.toUpperCase())}`);
    expect(res.body.items.map((u: { id: string }) => u.id)).to.deep.equal([members[1]!.userId]);
  });

  for (const limit of ['0', '101', '1.5', 'abc', '-1']) {
    it(`answers 422 validation_failed for limit=${limit}, without echoing it`, async () => {
      const res = await list(`?limit=${limit}`);
      expect(res.status).to.equal(422);
      expect(res.body.code).to.equal('validation_failed');
      expect(res.body.errors[0].loc).to.deep.equal(['query', 'limit']);
      expect(JSON.stringify(res.body.errors)).not.to.include(limit === 'abc' ? 'abc' : `"${limit}"`);
    });
  }

  it('answers 422 for a cursor it did not issue', async () => {
    const res = await list('?cursor=bm90LWEtY3Vyc29y');
    expect([res.status, res.body.errors[0].loc]).to.deep.equal([422, ['query', 'cursor']]);
  });

  it('reads one user by id; an unknown or malformed id is 404 not_found', async () => {
    const res = await api(h).get(`/api/v1/admin/users/${members[0]!.userId}`).set(asCookie(admin));
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys(...ADMIN_USER_KEYS);
    expect(res.body).to.include({ id: members[0]!.userId, email: members[0]!.email, disabled: false, mfa: false });
    for (const id of ['01890a5d-ac96-774b-bcce-b302099a8057', 'not-a-uuid']) {
      const missing = await api(h).get(`/api/v1/admin/users/${id}`).set(asCookie(admin));
      expect([missing.status, missing.body.code]).to.deep.equal([404, 'not_found']);
    }
  });

  it("accepts an admin's API token", async () => {
    const res = await list('', asBearer(await createToken(h, admin)));
    expect(res.status).to.equal(200);
  });

  it('answers 403 forbidden to a member (cookie or token), and 401 without a credential', async () => {
    const member = members[2]!;
    for (const credential of [asCookie(member), asBearer(await createToken(h, member))]) {
      const res = await list('', credential);
      expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
    }
    const res = await api(h).get('/api/v1/admin/users');
    expect([res.status, res.body.code]).to.deep.equal([401, 'not_authenticated']);
  });

  it('records last_login_at at each completed login', async () => {
    const member = members[0]!;
    const signedIn = await login(h, member.email, PASSWORD);
    const sessions = await api(h).get('/api/v1/sessions').set(asCookie(signedIn));
    const current = (sessions.body as { created_at: string; current: boolean }[]).find((s) => s.current)!;
    const res = await api(h).get(`/api/v1/admin/users/${member.userId}`).set(asCookie(admin));
    expect(res.body.last_login_at, 'the instant the new session was opened').to.equal(current.created_at);
  });
});
