import { expect } from 'chai';
import { snapshotTables } from '../fuzz/table-snapshot.js';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, inviteCode, login, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';

const LONE = '\ud800\udc00'.slice(0, 1);
const post = (h: DatabaseHarness, path: string) => api(h).post(`/api/v1${path}`).set('Origin', ORIGIN);

/** What PostgreSQL refuses and SQLite keeps (NUL, lone surrogates, lengths), refused at the boundary on both. */
describe('HTTP: strings that either database would refuse', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  before(async () => {
    h = await startHarness({ SERVICE_TRUST_PROXY: '1' });
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const refused = async (path: string, body: Record<string, unknown>, field: string | null, cookie?: string) => {
    const before = await snapshotTables(h.db);
    const call = post(h, path);
    const res = await (cookie ? call.set('Cookie', cookieHeader(cookie)) : call).send(body);
    expect(res.status, res.text).to.equal(422);
    expect(res.body.code).to.equal('validation_failed');
    expect(res.body.errors.map((e: { loc: string[] }) => e.loc.join('.'))).to.include(field ? `body.${field}` : 'body');
    expect(await snapshotTables(h.db)).to.equal(before);
  };

  it('POST /auth/login with a NUL in the email: 422 before the throttle key or the lookup sees it', async () => {
    await refused('/auth/login', { email: 'a@b.c\u0000.com', password: PASSWORD }, 'email');
    await refused('/auth/login', { email: `${admin.email}\u0000`, password: PASSWORD }, 'email');
  });

  it('POST /auth/login with a lone surrogate in the email: 422', async () => {
    await refused('/auth/login', { email: `a${LONE}@example.com`, password: PASSWORD }, 'email');
  });

  it('POST /auth/register with a NUL or a lone surrogate in any field: 422, nothing written', async () => {
    const code = await inviteCode(h, admin.email);
    const valid = { invite_code: code, email: uniqueEmail(), password: 'another long passphrase 77', display_name: 'Ada' };
    await refused('/auth/register', { ...valid, invite_code: `${code}\u0000` }, 'invite_code');
    await refused('/auth/register', { ...valid, invite_code: `${code}${LONE}` }, 'invite_code');
    await refused('/auth/register', { ...valid, display_name: 'Ada\u0000' }, 'display_name');
    await refused('/auth/register', { ...valid, password: `long passphrase ${LONE}${LONE} ok` }, 'password');
  });

  it('a NUL in a field name is refused at the body, without naming the field back', async () => {
    await refused('/auth/login', { email: admin.email, password: PASSWORD, 'e\u0000': 1 }, null);
  });

  it('a login password with lone surrogates is a plain 401 invalid_credentials, never 422 nor a match', async () => {
    const res = await post(h, '/auth/login').send({ email: admin.email, password: `${LONE}`.repeat(20) });
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('invalid_credentials');
  });

  it('an 8 KB User-Agent and a junk X-Forwarded-For are stored bounded, never a 500', async () => {
    const agent = `agent ${'x'.repeat(8000)}`;
    const res = await post(h, '/auth/login')
      .set('User-Agent', agent)
      .set('X-Forwarded-For', `${'not-an-address-'.repeat(10)}`)
      .send({ email: admin.email, password: PASSWORD });
    expect(res.status, res.text).to.equal(200);
    const events = await h.db('security_events').select('client_address', 'user_agent').where('type', 'login_succeeded');
    const sessions = await h.db('sessions').select('user_agent');
    for (const row of [...events, ...sessions]) {
      expect(String(row.user_agent ?? '').length).to.be.at.most(512);
    }
    for (const row of events) expect(String(row.client_address ?? '').length).to.be.at.most(64);
  });

  it('PUT /users/me/password with a lone surrogate in the new password: 422 (the hasher would see U+FFFD)', async () => {
    const member = await login(h, admin.email);
    const before = await snapshotTables(h.db);
    const res = await api(h)
      .put('/api/v1/users/me/password')
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(member.token))
      .send({ current_password: PASSWORD, new_password: `a long new passphrase ${LONE}` });
    expect(res.status).to.equal(422);
    expect(res.body.errors.map((e: { loc: string[] }) => e.loc.join('.'))).to.deep.equal(['body.new_password']);
    expect(await snapshotTables(h.db)).to.equal(before);
  });
});
