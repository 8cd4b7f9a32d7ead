import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, createToken, login, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';

describe('HTTP /admin guards: the role read at each request, self-actions, the last enabled admin', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  beforeEach(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  afterEach(() => h.close());

  const anotherAdmin = async (): Promise<SignedIn> => {
    const email = uniqueEmail('admin');
    await h.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Second' });
    return login(h, email);
  };
  const users = (who: Record<string, string>) => api(h).get('/api/v1/admin/users').set(who);

  it('a demoted admin is refused at once, by cookie and by token, without logging in again', async () => {
    const second = await anotherAdmin();
    const token = await createToken(h, second);
    expect((await users(asCookie(second))).status).to.equal(200);
    await h.useCases.setRole('operator', { email: second.email }, { role: 'member' });
    for (const credential of [asCookie(second), asBearer(token)]) {
      const res = await users(credential);
      expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
    }
    const invite = await api(h).post('/api/v1/invites').set(asCookie(second)).send({});
    expect(invite.status, 'nor may it issue invites').to.equal(403);
  });

  it('an admin cannot disable or delete itself: 409 self_action_refused, nothing changes', async () => {
    await anotherAdmin(); // so that the last-admin guard is not what answers
    for (const [method, path] of [['post', '/disable'], ['delete', '']] as const) {
      const res = await api(h)[method](`/api/v1/admin/users/${admin.userId}${path}`).set(asCookie(admin));
      expect([res.status, res.body.code]).to.deep.equal([409, 'self_action_refused']);
    }
    expect((await users(asCookie(admin))).status).to.equal(200);
    expect(await countRows(h.db, 'security_events', { user_id: toStoredId(admin.userId), actor: 'admin' })).to.equal(0);
  });

  it('the only admin cannot disable itself, nor demote itself (the operator command): the service keeps an enabled admin', async () => {
    const res = await api(h).post(`/api/v1/admin/users/${admin.userId}/disable`).set(asCookie(admin));
    expect(res.status).to.equal(409);
    const demoted = await h.useCases.setRole('operator', { email: admin.email }, { role: 'member' }).catch((error: { code?: string }) => error.code);
    expect(demoted).to.equal('last_admin');
    expect((await users(asCookie(admin))).status).to.equal(200);
  });

  it('the only admin cannot delete its own account either (DELETE /users/me): 409 last_admin, nothing deleted; with a second admin it may', async () => {
    const alone = await api(h).delete('/api/v1/users/me').set(asCookie(admin)).send({ password: PASSWORD });
    expect([alone.status, alone.body.code]).to.deep.equal([409, 'last_admin']);
    expect(await countRows(h.db, 'users', { id: toStoredId(admin.userId) })).to.equal(1);
    await anotherAdmin();
    expect((await api(h).delete('/api/v1/users/me').set(asCookie(admin)).send({ password: PASSWORD })).status).to.equal(204);
    expect(await countRows(h.db, 'users', { id: toStoredId(admin.userId) })).to.equal(0);
  });

  it('disabling or deleting another admin is allowed while one enabled admin remains, refused when none would', async () => {
    const second = await anotherAdmin();
    expect((await api(h).post(`/api/v1/admin/users/${second.userId}/disable`).set(asCookie(admin))).status).to.equal(204);
    // A disabled admin is no admin: its own requests are refused, and it does not count as the one that remains.
    expect((await users(asCookie(second))).status).to.equal(401);
    await h.useCases.enableUser('operator', { id: second.userId });
    const relogged = await login(h, second.email);
    expect((await api(h).delete(`/api/v1/admin/users/${admin.userId}`).set(asCookie(relogged))).status).to.equal(204);
    const last = await api(h).post(`/api/v1/admin/users/${relogged.userId}/disable`).set(asCookie(relogged));
    expect(last.body.code).to.equal('self_action_refused');
    const byOperator = await h.useCases.disableUser('operator', { email: second.email }).catch((error: { code?: string }) => error.code);
    expect(byOperator).to.equal('last_admin');
  });

  it('two admins disabling each other at the same moment: exactly one succeeds, one enabled admin remains', async () => {
    const second = await anotherAdmin();
    const [a, b] = await Promise.all([
      api(h).post(`/api/v1/admin/users/${second.userId}/disable`).set(asCookie(admin)),
      api(h).post(`/api/v1/admin/users/${admin.userId}/disable`).set(asCookie(second)),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).to.equal(204);
    expect(statuses[1], JSON.stringify([a.body, b.body])).to.be.oneOf([401, 403, 409]);
    const enabledAdmins = await h.db('users').where({ role: 'admin' }).whereNull('disabled_at').count({ n: '*' });
    expect(Number(enabledAdmins[0]!.n)).to.equal(1);
  });
});
