import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { storedId } from '../support/http/rows.js';
import { PASSWORD, createToken, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';

const GRANTS = '/api/v1/users/me/oidc-grants';
const later = () => new Date(Date.now() + 3_600_000);

describe('HTTP connected applications: /api/v1/users/me/oidc-grants, and revocation that follows the account', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  let member: SignedIn;
  let clientId: string;
  beforeEach(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
    member = await registeredMember(h, admin.email);
    clientId = (await h.useCases.createOidcClientAsOperator({ name: 'Grafana', type: 'public', redirect_uris: ['https://grafana.example.com/cb'] })).client.clientId;
  });
  afterEach(() => h.close());

  const store = () => h.service.ports.oidcPayloads;
  const signIn = async (who: SignedIn, client = clientId, scope = 'openid email') => {
    await store().upsert('Grant', `grant-${who.userId}-${client}`, { accountId: who.userId, clientId: client, openid: { scope } }, later());
    for (const model of ['AuthorizationCode', 'AccessToken', 'RefreshToken']) {
      await store().upsert(model, `${model}-${who.userId}-${client}`, { accountId: who.userId, clientId: client, grantId: `grant-${who.userId}-${client}` }, later());
    }
  };
  const tokensOf = (who: SignedIn) => countRows(h.db, 'oidc_payloads', { account_id: storedId(who.userId) });

  it('lists the caller\'s applications with cookie or token, never another user\'s', async () => {
    expect((await api(h).get(GRANTS).set(asCookie(member))).body).to.deep.equal([]);
    await signIn(member);
    await signIn(admin);
    const res = await api(h).get(GRANTS).set(asBearer(await createToken(h, member)));
    expect(res.status).to.equal(200);
    expect(res.body.map(({ created_at: _c, ...rest }: { created_at: string }) => rest)).to.deep.equal([{ client_id: clientId, name: 'Grafana', scopes: ['openid', 'email'] }]);
    expect((await api(h).get(GRANTS)).status).to.equal(401);
  });

  it('revokes: 204, the grant, codes and tokens go, oidc_consent_revoked is written; then 404 and nothing more', async () => {
    await signIn(member);
    await signIn(admin);
    const res = await api(h).delete(`${GRANTS}/${clientId}`).set(asCookie(member));
    expect(res.status).to.equal(204);
    expect(await tokensOf(member)).to.equal(0);
    expect(await tokensOf(admin), 'another user\'s stay').to.equal(4);
    const event = await h.db('security_events').where({ type: 'oidc_consent_revoked' }).first();
    expect([event.user_id, event.target_id]).to.deep.equal([storedId(member.userId), storedId(clientId)]);
    const again = await api(h).delete(`${GRANTS}/${clientId}`).set(asCookie(member));
    expect([again.status, again.body.code]).to.deep.equal([404, 'not_found']);
    expect(await countRows(h.db, 'security_events', { type: 'oidc_consent_revoked' })).to.equal(1);
    expect((await api(h).delete(`${GRANTS}/not-a-client`).set(asCookie(member))).status).to.equal(404);
  });

  it('a password change, an admin\'s sign-out everywhere and disabling delete the user\'s codes and tokens, not its consent', async () => {
    await signIn(member);
    const changed = await api(h).put('/api/v1/users/me/password').set(asCookie(member)).send({ current_password: PASSWORD, new_password: `${PASSWORD} again` });
    expect(changed.status).to.equal(204);
    expect(await tokensOf(member)).to.equal(1); // the Grant
    await signIn(member);
    expect((await api(h).delete(`/api/v1/admin/users/${member.userId}/sessions`).set(asCookie(admin))).status).to.equal(204);
    expect(await tokensOf(member)).to.equal(1);
    await signIn(member);
    expect((await api(h).post(`/api/v1/admin/users/${member.userId}/disable`).set(asCookie(admin))).status).to.equal(204);
    expect(await tokensOf(member)).to.equal(1);
  });

  it('deleting the user deletes every row of it (the cascade)', async () => {
    await signIn(member);
    expect((await api(h).delete(`/api/v1/admin/users/${member.userId}`).set(asCookie(admin))).status).to.equal(204);
    expect(await tokensOf(member)).to.equal(0);
  });

  it('records the provider\'s events in the signed-in user\'s trail', async () => {
    const { principal } = await h.useCases.authenticateSession(member.token, { userAgent: 'rp-spec', clientAddress: '203.0.113.5' });
    await h.useCases.recordOidcEvent(principal, 'oidc_consent_granted', clientId);
    await h.useCases.recordOidcEvent(principal, 'oidc_signed_in', clientId);
    const events = await api(h).get('/api/v1/users/me/events').set(asCookie(member));
    expect(events.body.items.slice(0, 2).map((e: { type: string }) => e.type)).to.deep.equal(['oidc_signed_in', 'oidc_consent_granted']);
    const rows = await h.db('security_events').whereIn('type', ['oidc_signed_in', 'oidc_consent_granted']).select('target_id', 'client_address');
    expect(rows.map((r: { target_id: string }) => r.target_id)).to.deep.equal([storedId(clientId), storedId(clientId)]);
  });
});
