import { expect } from 'chai';
import type { OidcClient } from '../../src/core/domain/oidc-client.js';
import { CONSENT_MODEL, consentKey } from '../../src/core/domain/oidc-grant.js';
import type { User } from '../../src/core/domain/user.js';
import { aSession, aUser, anAdmin, anOidcClient, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const later = (): Date => new Date(Date.now() + 3_600_000);

/** A user's own OpenID rows through its scope, the admin's client records, and how sessions were opened. */
export function userOidcContract(adapter: string, factory: StoreFactory): void {
  describe(`User OIDC rows and client records contract (${adapter})`, () => {
    let under: StoreUnderTest;
    let store: Store;
    let ada: User;
    let bob: User;
    let grafana: OidcClient;
    let gitea: OidcClient;
    beforeEach(async () => {
      under = await factory();
      store = under.store;
      [ada, bob] = [aUser(), aUser()];
      grafana = anOidcClient({ name: 'Grafana', createdAt: at('2026-01-01T00:00:00.000Z') });
      gitea = anOidcClient({ name: 'Gitea', type: 'public', secretHash: null, createdAt: at('2026-01-02T00:00:00.000Z') });
      for (const user of [ada, bob]) await store.auth.insertUser(user);
      for (const client of [grafana, gitea]) await store.admins.open(anAdmin(null)).insertOidcClient(client);
    });
    afterEach(() => under.cleanup());

    const grant = (user: User, client: OidcClient, scope: string) => ({ accountId: user.id, clientId: client.clientId, openid: { scope } });
    const token = (user: User, client: OidcClient) => ({ accountId: user.id, clientId: client.clientId, grantId: 'g' });

    it('lists the admin\'s clients newest first and finds one by id', async () => {
      const admin = store.admins.open(anAdmin(null));
      expect(await admin.listOidcClients()).to.deep.equal([gitea, grafana]);
      expect(await admin.findOidcClient(gitea.clientId)).to.deep.equal(gitea);
      expect(await admin.findOidcClient('unknown')).to.equal(null);
    });

    it('lists a user\'s unexpired grants with the client names and scopes, never another user\'s', async () => {
      await store.oidcPayloads.upsert('Grant', 'g1', grant(ada, grafana, 'openid email profile'), later());
      await store.oidcPayloads.upsert('Grant', 'g2', grant(bob, gitea, 'openid'), later());
      await store.oidcPayloads.upsert('Grant', 'g3', grant(ada, gitea, 'openid'), new Date(Date.now() - 1000));
      await store.oidcPayloads.upsert('AccessToken', 'a1', token(ada, gitea), later());
      const grants = await store.scopes.open(ada.id).oidc.listGrants(new Date());
      expect(grants.map(({ createdAt: _c, ...rest }) => rest)).to.deep.equal([
        { clientId: grafana.clientId, name: 'Grafana', scopes: ['openid', 'email', 'profile'] },
      ]);
      expect(grants[0]!.createdAt).to.be.instanceOf(Date);
    });

    it('ends provider sessions for back-channel logout: the listening clients\' sids once, by sign-in second or all, never another user\'s', async () => {
      const listening = anOidcClient({ name: 'Wiki', backchannelLogoutUri: 'https://wiki.example.com/logout' });
      await store.admins.open(anAdmin(null)).insertOidcClient(listening);
      const signedIn = at('2026-03-04T05:06:07.890Z');
      const session = (user: User, loginTs: number, sid: string) => ({
        accountId: user.id,
        loginTs,
        authorizations: { [listening.clientId]: { sid, grantId: 'g' }, [grafana.clientId]: { sid: `${sid}-grafana`, grantId: 'h' } },
      });
      await store.oidcPayloads.upsert('Session', 's1', session(ada, Math.floor(signedIn.getTime() / 1000), 'sid-1'), later());
      await store.oidcPayloads.upsert('Session', 's2', session(ada, 1, 'sid-2'), later());
      await store.oidcPayloads.upsert('Session', 's3', session(bob, 1, 'sid-3'), later());
      const oidc = store.scopes.open(ada.id).oidc;
      expect(await oidc.logoutTargetsFor(listening.clientId)).to.have.deep.members([{ clientId: listening.clientId, sid: 'sid-1' }, { clientId: listening.clientId, sid: 'sid-2' }]);
      expect(await oidc.logoutTargetsFor(grafana.clientId), 'a client without a backchannel_logout_uri').to.deep.equal([]);
      expect(await oidc.endSessions([new Date(signedIn.getTime() + 100)])).to.deep.equal([{ clientId: listening.clientId, sid: 'sid-1' }]);
      expect(await oidc.endSessions('all')).to.deep.equal([{ clientId: listening.clientId, sid: 'sid-2' }]);
      expect(await oidc.endSessions('all'), 'told once').to.deep.equal([]);
      expect(await store.oidcPayloads.find('Session', 's1'), 'the session stays for a logout under way').to.not.equal(null);
      expect(await store.scopes.open(bob.id).oidc.endSessions('all')).to.deep.equal([{ clientId: listening.clientId, sid: 'sid-3' }]);
    });

    it('revokes one client for one user: its grant, codes and tokens go; other clients and users stay', async () => {
      await store.oidcPayloads.upsert('Grant', 'g1', grant(ada, grafana, 'openid'), later());
      await store.oidcPayloads.upsert('RefreshToken', 'r1', token(ada, grafana), later());
      await store.oidcPayloads.upsert('RefreshToken', 'r2', token(ada, gitea), later());
      await store.oidcPayloads.upsert('RefreshToken', 'r3', token(bob, grafana), later());
      expect(await store.scopes.open(ada.id).oidc.revokeClient(grafana.clientId)).to.equal(true);
      expect(await store.oidcPayloads.find('Grant', 'g1')).to.equal(null);
      expect(await store.oidcPayloads.find('RefreshToken', 'r1')).to.equal(null);
      expect(await store.oidcPayloads.find('RefreshToken', 'r2')).to.not.equal(null);
      expect(await store.oidcPayloads.find('RefreshToken', 'r3')).to.not.equal(null);
      expect(await store.scopes.open(ada.id).oidc.revokeClient(grafana.clientId), 'no grant left').to.equal(false);
      expect(await store.scopes.open(ada.id).oidc.revokeClient(gitea.clientId), 'tokens but no grant').to.equal(false);
    });

    it('opens the scope of an account the provider names: that user\'s rows, nobody for an unknown id, null for no id at all', async () => {
      expect((await store.scopes.openAccountNamedByProvider(ada.id.toUpperCase())?.findUser())?.id).to.equal(ada.id);
      expect(await store.scopes.openAccountNamedByProvider(aUser().id)?.findUser()).to.equal(null);
      expect(store.scopes.openAccountNamedByProvider('not-a-user-id')).to.equal(null);
    });

    it('remembers a consent as the scope\'s user, replacing the one before, never another user\'s', async () => {
      await store.scopes.open(ada.id).oidc.rememberConsent({ clientId: grafana.clientId, grantId: 'g1' }, new Date(), later());
      await store.scopes.open(bob.id).oidc.rememberConsent({ clientId: grafana.clientId, grantId: 'g2' }, new Date(), later());
      await store.scopes.open(ada.id).oidc.rememberConsent({ clientId: grafana.clientId, grantId: 'g3' }, new Date(), later());
      expect(await store.oidcPayloads.find(CONSENT_MODEL, consentKey(ada.id, grafana.clientId))).to.deep.include({ accountId: ada.id, clientId: grafana.clientId, grantId: 'g3' });
      expect(await store.oidcPayloads.find(CONSENT_MODEL, consentKey(bob.id, grafana.clientId))).to.deep.include({ accountId: bob.id, grantId: 'g2' });
      await store.scopes.open(ada.id).oidc.revokeClient(grafana.clientId);
      expect(await store.oidcPayloads.find(CONSENT_MODEL, consentKey(ada.id, grafana.clientId))).to.equal(null);
      expect(await store.oidcPayloads.find(CONSENT_MODEL, consentKey(bob.id, grafana.clientId))).to.not.equal(null);
    });

    it('revokes a user\'s codes, access and refresh tokens, keeping its grants and other users\' tokens', async () => {
      await store.oidcPayloads.upsert('Grant', 'g1', grant(ada, grafana, 'openid'), later());
      for (const model of ['AuthorizationCode', 'AccessToken', 'RefreshToken']) {
        await store.oidcPayloads.upsert(model, `${model}-ada`, token(ada, grafana), later());
        await store.oidcPayloads.upsert(model, `${model}-bob`, token(bob, grafana), later());
      }
      expect(await store.scopes.open(ada.id).oidc.revokeTokens()).to.equal(3);
      for (const model of ['AuthorizationCode', 'AccessToken', 'RefreshToken']) {
        expect(await store.oidcPayloads.find(model, `${model}-ada`)).to.equal(null);
        expect(await store.oidcPayloads.find(model, `${model}-bob`)).to.not.equal(null);
      }
      expect(await store.oidcPayloads.find('Grant', 'g1')).to.not.equal(null);
    });

    it('keeps how a session was opened, readable by its own user only', async () => {
      const session = aSession(ada.id, { authMethods: ['pwd', 'otp', 'mfa'] });
      const plain = aSession(ada.id);
      await store.scopes.open(ada.id).insertSession(session);
      await store.scopes.open(ada.id).insertSession(plain);
      expect(await store.scopes.open(ada.id).findSessionSignIn(session.id)).to.deep.equal({
        sessionId: session.id,
        authenticatedAt: session.authenticatedAt,
        authMethods: ['pwd', 'otp', 'mfa'],
      });
      expect((await store.scopes.open(ada.id).findSessionSignIn(plain.id))?.authMethods).to.deep.equal([]);
      expect(await store.scopes.open(bob.id).findSessionSignIn(session.id)).to.equal(null);
      const { authMethods: _kept, ...asLookedUp } = session;
      expect(await store.scopes.open(ada.id).findSession(session.id), 'the session row itself is unchanged').to.deep.equal(asLookedUp);
    });
  });
}
