import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ownedRows } from '../support/http/rows.js';
import { PASSWORD, createToken, inviteCode, login, registeredMember, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';

describe('HTTP DELETE /users/me: the cascade, read back from the database', () => {
  let h: DatabaseHarness;
  let keeper: SignedIn;

  before(async () => {
    h = await startHarness();
    keeper = await signedInAdmin(h);
  });
  after(() => h.close());

  it('leaves no session, token or invite row of the user, and nobody else loses a row', async () => {
    // An admin, so that the user also owns invites; two of each kind of row.
    const email = uniqueEmail('leaver');
    await h.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Leaver' });
    const leaver = await login(h, email);
    await login(h, email);
    const tokens = [await createToken(h, leaver), await createToken(h, leaver, 'second')];
    for (const maxUses of [1, 5]) expect((await api(h).post('/api/v1/invites').set(asCookie(leaver)).send({ max_uses: maxUses })).status).to.equal(201);
    const bystander = await registeredMember(h, keeper.email);
    await createToken(h, bystander);
    const bystanderBefore = await ownedRows(h.db, bystander.userId);
    const keeperBefore = await ownedRows(h.db, keeper.userId);
    // Proves the queries below look at the right rows (and the id format), before trusting their zeros.
    expect(await ownedRows(h.db, leaver.userId)).to.deep.equal({ users: 1, sessions: 2, api_tokens: 2, invites: 2 });

    const res = await api(h).delete('/api/v1/users/me').set(asCookie(leaver)).send({ password: PASSWORD });
    expect(res.status).to.equal(204);

    expect(await ownedRows(h.db, leaver.userId)).to.deep.equal({ users: 0, sessions: 0, api_tokens: 0, invites: 0 });
    expect(await ownedRows(h.db, bystander.userId)).to.deep.equal(bystanderBefore);
    expect(await ownedRows(h.db, keeper.userId)).to.deep.equal(keeperBefore);
    for (const token of tokens) expect((await api(h).get('/api/v1/users/me').set(asBearer(token))).status).to.equal(401);
  });

  it('frees the email: it registers again as a new account, and the old credentials stay dead', async () => {
    const member = await registeredMember(h, keeper.email);
    const token = await createToken(h, member);
    expect((await api(h).delete('/api/v1/users/me').set(asCookie(member)).send({ password: PASSWORD })).status).to.equal(204);
    const again = await api(h)
      .post('/api/v1/auth/register')
      .send({ invite_code: await inviteCode(h, keeper.email), email: member.email, password: PASSWORD, display_name: 'Again' });
    expect(again.status).to.equal(201);
    expect(again.body.email).to.equal(member.email);
    expect(again.body.id).not.to.equal(member.userId);
    expect((await api(h).get('/api/v1/users/me').set(asCookie(member))).status).to.equal(401);
    expect((await api(h).get('/api/v1/users/me').set(asBearer(token))).status).to.equal(401);
    expect(await ownedRows(h.db, again.body.id)).to.deep.include({ users: 1, sessions: 1, api_tokens: 0 });
  });

  it('deletes nothing on a wrong password (401 invalid_credentials) or a missing one (422)', async () => {
    const member = await registeredMember(h, keeper.email);
    await createToken(h, member);
    const before = await ownedRows(h.db, member.userId);
    const wrong = await api(h).delete('/api/v1/users/me').set(asCookie(member)).send({ password: 'wrong wrong wrong wrong' });
    expect(wrong.body.code).to.equal('invalid_credentials');
    const missing = await api(h).delete('/api/v1/users/me').set(asCookie(member)).send({});
    expect(missing.status).to.equal(422);
    expect(missing.body.errors[0].loc).to.deep.equal(['body', 'password']);
    expect(await ownedRows(h.db, member.userId)).to.deep.equal(before);
  });
});
