import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { OidcClient } from '../../src/core/domain/oidc-client.js';
import type { User } from '../../src/core/domain/user.js';
import { aSigningKey, aUser, anAdmin, anOidcClient, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const HOUR_MS = 3_600_000;
const later = (): Date => new Date(Date.now() + HOUR_MS);
const earlier = (): Date => new Date(Date.now() - HOUR_MS);
const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** The OpenID provider's storage: payloads by (model, id), the client lookup, the signing keys. */
export function oidcStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`OIDC store contract (${adapter})`, () => {
    let under: StoreUnderTest;
    let store: Store;
    let user: User;
    let client: OidcClient;
    beforeEach(async () => {
      under = await factory();
      store = under.store;
      user = aUser();
      client = anOidcClient({ postLogoutRedirectUris: ['https://grafana.example.com/'], requirePkce: false });
      await store.auth.insertUser(user);
      await store.admins.open(anAdmin(null)).insertOidcClient(client);
    });
    afterEach(() => under.cleanup());

    const codeOf = (grantId: string, extra: Record<string, unknown> = {}) => ({ accountId: user.id, clientId: client.clientId, grantId, kind: 'AuthorizationCode', ...extra });

    it('allows an origin only when a web public client lists it exactly', async () => {
      const spa = 'https://spa.example.com';
      expect(await store.oidcClients.originAllowed(spa), 'no client lists it').to.equal(false);
      await store.admins.open(anAdmin(null)).insertOidcClient(anOidcClient({ type: 'public', secretHash: null, allowedOrigins: [spa] }));
      await store.admins.open(anAdmin(null)).insertOidcClient(anOidcClient({ type: 'public', secretHash: null, applicationType: 'native', allowedOrigins: ['https://native.example.com'] }));
      expect(await store.oidcClients.originAllowed(spa)).to.equal(true);
      expect(await store.oidcClients.originAllowed(`${spa}/`), 'not exactly').to.equal(false);
      expect(await store.oidcClients.originAllowed('https://spa.example.co'), 'a prefix').to.equal(false);
      expect(await store.oidcClients.originAllowed('https://native.example.com'), 'a native client').to.equal(false);
      expect((await store.oidcClients.find(client.clientId))?.allowedOrigins).to.deep.equal([]);
    });

    it('finds an upserted payload as given, replaces it on a second upsert, and destroys it', async () => {
      await store.oidcPayloads.upsert('AuthorizationCode', 'c1', codeOf('g1', { scope: 'openid', nested: { a: [1, 2] } }), later());
      expect(await store.oidcPayloads.find('AuthorizationCode', 'c1')).to.deep.equal(codeOf('g1', { scope: 'openid', nested: { a: [1, 2] } }));
      expect(await store.oidcPayloads.find('AccessToken', 'c1'), 'another model, same id').to.equal(null);
      await store.oidcPayloads.upsert('AuthorizationCode', 'c1', codeOf('g1', { scope: 'openid email' }), later());
      expect(await store.oidcPayloads.find('AuthorizationCode', 'c1')).to.deep.equal(codeOf('g1', { scope: 'openid email' }));
      await store.oidcPayloads.destroy('AuthorizationCode', 'c1');
      expect(await store.oidcPayloads.find('AuthorizationCode', 'c1')).to.equal(null);
    });

    it('keeps only the SHA-256 of each key and user code, and no key in a payload; answers each as presented', async () => {
      const [interaction, session, uid, deviceCode, userCode] = Array.from({ length: 5 }, () => randomBytes(24).toString('base64url'));
      const interactionPayload = { jti: interaction, kind: 'Interaction', returnTo: `https://id.example.com/auth/${interaction}`, session: { uid, cookie: session, accountId: user.id } };
      const sessionPayload = { jti: session, kind: 'Session', uid, accountId: user.id };
      const devicePayload = { jti: deviceCode, kind: 'DeviceCode', userCode, clientId: client.clientId };
      await store.oidcPayloads.upsert('Interaction', interaction!, interactionPayload, later());
      await store.oidcPayloads.upsert('Session', session!, sessionPayload, later());
      await store.oidcPayloads.upsert('DeviceCode', deviceCode!, devicePayload, later());

      const kept = await under.storedText();
      for (const value of [interaction!, session!, deviceCode!, userCode!]) {
        expect(kept, 'the value').to.not.include(value);
        expect(kept, 'its SHA-256').to.include(sha256Hex(value));
      }
      expect(kept, 'the uid column').to.include(sha256Hex(uid!));
      // The interaction's copy of the session cookie is not kept; the rest comes back as presented.
      expect(await store.oidcPayloads.find('Interaction', interaction!)).to.deep.equal({ ...interactionPayload, session: { uid, accountId: user.id } });
      expect(await store.oidcPayloads.find('Session', session!)).to.deep.equal(sessionPayload);
      const { jti: _session, ...byUid } = sessionPayload;
      expect(await store.oidcPayloads.findByUid('Session', uid!)).to.deep.equal(byUid);
      const { jti: _device, ...byUserCode } = devicePayload;
      expect(await store.oidcPayloads.findByUserCode('DeviceCode', userCode!)).to.deep.equal(byUserCode);
      const { userCode: _code, ...byKey } = devicePayload;
      expect(await store.oidcPayloads.find('DeviceCode', deviceCode!)).to.deep.equal(byKey);
      // A re-save found by its own key (no user code) keeps the user code's lookup.
      await store.oidcPayloads.upsert('DeviceCode', deviceCode!, { ...byKey, accountId: user.id }, later());
      expect(await store.oidcPayloads.findByUserCode('DeviceCode', userCode!)).to.deep.equal({ ...byUserCode, accountId: user.id });
      // The hash itself opens nothing: it is hashed again when presented.
      expect(await store.oidcPayloads.find('Session', sha256Hex(session!))).to.equal(null);
    });

    it('keeps a payload without an expiry, and hides an expired one from every find', async () => {
      await store.oidcPayloads.upsert('Session', 's1', { accountId: user.id, uid: 'u1' }, null);
      await store.oidcPayloads.upsert('Session', 's2', { accountId: user.id, uid: 'u2' }, earlier());
      await store.oidcPayloads.upsert('DeviceCode', 'd1', { userCode: 'ABCD' }, earlier());
      expect(await store.oidcPayloads.find('Session', 's1')).to.deep.equal({ accountId: user.id, uid: 'u1' });
      expect(await store.oidcPayloads.findByUid('Session', 'u1')).to.deep.equal({ accountId: user.id, uid: 'u1' });
      expect(await store.oidcPayloads.find('Session', 's2')).to.equal(null);
      expect(await store.oidcPayloads.findByUid('Session', 'u2')).to.equal(null);
      expect(await store.oidcPayloads.findByUserCode('DeviceCode', 'ABCD')).to.equal(null);
    });

    it('finds by uid and by user code within the model only', async () => {
      await store.oidcPayloads.upsert('Interaction', 'i1', { uid: 'shared', kind: 'Interaction' }, later());
      await store.oidcPayloads.upsert('DeviceCode', 'd1', { userCode: 'WXYZ-1234', kind: 'DeviceCode' }, later());
      expect(await store.oidcPayloads.findByUid('Interaction', 'shared')).to.deep.equal({ uid: 'shared', kind: 'Interaction' });
      expect(await store.oidcPayloads.findByUid('Session', 'shared')).to.equal(null);
      expect(await store.oidcPayloads.findByUserCode('DeviceCode', 'WXYZ-1234')).to.deep.equal({ userCode: 'WXYZ-1234', kind: 'DeviceCode' });
      expect(await store.oidcPayloads.findByUserCode('DeviceCode', 'nope')).to.equal(null);
    });

    it('consumes once: the first call answers true and find then carries consumed (epoch seconds); later calls false', async () => {
      const at1 = at('2026-01-02T03:04:05.678Z');
      await store.oidcPayloads.upsert('AuthorizationCode', 'c1', codeOf('g1'), later());
      expect(await store.oidcPayloads.consume('AuthorizationCode', 'c1', at1)).to.equal(true);
      expect(await store.oidcPayloads.consume('AuthorizationCode', 'c1', at1)).to.equal(false);
      expect(await store.oidcPayloads.find('AuthorizationCode', 'c1')).to.deep.equal({ ...codeOf('g1'), consumed: Math.floor(at1.getTime() / 1000) });
      // A re-save without `consumed` keeps it spent.
      await store.oidcPayloads.upsert('AuthorizationCode', 'c1', codeOf('g1'), later());
      expect(await store.oidcPayloads.consume('AuthorizationCode', 'c1', at1)).to.equal(false);
    });

    it('does not consume a missing or an expired payload', async () => {
      await store.oidcPayloads.upsert('AuthorizationCode', 'old', codeOf('g1'), earlier());
      expect(await store.oidcPayloads.consume('AuthorizationCode', 'missing', new Date())).to.equal(false);
      expect(await store.oidcPayloads.consume('AuthorizationCode', 'old', new Date())).to.equal(false);
    });

    it('lets exactly one of 20 concurrent consumes of one code win', async () => {
      await store.oidcPayloads.upsert('AuthorizationCode', 'race', codeOf('g1'), later());
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => store.oidcPayloads.consume('AuthorizationCode', 'race', new Date())));
      expect(outcomes.filter(Boolean)).to.have.length(1);
    });

    it('rotates as one unit: the caller that consumes the token gets true and its writes; a second rotation false, with nothing written', async () => {
      const at1 = at('2026-01-02T03:04:05.678Z');
      await store.oidcPayloads.upsert('RefreshToken', 'r1', codeOf('g1', { kind: 'RefreshToken' }), later());
      const writes = (n: number) => [
        { model: 'RefreshToken', id: `r${n}`, payload: codeOf('g1', { kind: 'RefreshToken' }), expiresAt: later() },
        { model: 'AccessToken', id: `a${n}`, payload: codeOf('g1', { kind: 'AccessToken' }), expiresAt: later() },
      ];
      expect(await store.oidcPayloads.consumeAndUpsert('RefreshToken', 'r1', at1, writes(2))).to.equal(true);
      expect(await store.oidcPayloads.find('RefreshToken', 'r1')).to.deep.equal({ ...codeOf('g1', { kind: 'RefreshToken' }), consumed: Math.floor(at1.getTime() / 1000) });
      expect(await store.oidcPayloads.find('RefreshToken', 'r2')).to.deep.equal(codeOf('g1', { kind: 'RefreshToken' }));
      expect(await store.oidcPayloads.find('AccessToken', 'a2')).to.deep.equal(codeOf('g1', { kind: 'AccessToken' }));
      expect(await store.oidcPayloads.consumeAndUpsert('RefreshToken', 'r1', at1, writes(3))).to.equal(false);
      expect(await store.oidcPayloads.consumeAndUpsert('RefreshToken', 'missing', at1, writes(4))).to.equal(false);
      for (const id of ['r3', 'r4']) expect(await store.oidcPayloads.find('RefreshToken', id)).to.equal(null);
      for (const id of ['a3', 'a4']) expect(await store.oidcPayloads.find('AccessToken', id)).to.equal(null);
    });

    it('keeps nothing of a rotation one of whose writes fails: the token stays unconsumed', async () => {
      await store.oidcPayloads.upsert('RefreshToken', 'r1', codeOf('g1', { kind: 'RefreshToken' }), later());
      const writes = [
        { model: 'RefreshToken', id: 'r2', payload: codeOf('g1', { kind: 'RefreshToken' }), expiresAt: later() },
        { model: 'AccessToken', id: 'a2', payload: { ...codeOf('g1'), clientId: 'nobody' }, expiresAt: later() },
      ];
      let refused = false;
      await store.oidcPayloads.consumeAndUpsert('RefreshToken', 'r1', new Date(), writes).catch(() => (refused = true));
      expect(refused).to.equal(true);
      expect(await store.oidcPayloads.find('RefreshToken', 'r1')).to.not.have.property('consumed');
      expect(await store.oidcPayloads.find('RefreshToken', 'r2')).to.equal(null);
      expect(await store.oidcPayloads.consume('RefreshToken', 'r1', new Date())).to.equal(true);
    });

    it('lets exactly one of 20 concurrent rotations of one refresh token win, and keeps only its writes', async () => {
      await store.oidcPayloads.upsert('RefreshToken', 'race', codeOf('g1', { kind: 'RefreshToken' }), later());
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          store.oidcPayloads.consumeAndUpsert('RefreshToken', 'race', new Date(), [{ model: 'AccessToken', id: `raced-${n}`, payload: codeOf('g1', { kind: 'AccessToken' }), expiresAt: later() }]),
        ),
      );
      expect(outcomes.filter(Boolean)).to.have.length(1);
      const kept = await Promise.all(outcomes.map((_, n) => store.oidcPayloads.find('AccessToken', `raced-${n}`)));
      expect(kept.map((payload) => payload !== null)).to.deep.equal(outcomes);
    });

    it('revokes every payload of a grant, and only those', async () => {
      await store.oidcPayloads.upsert('Grant', 'g1', { accountId: user.id, clientId: client.clientId }, later());
      await store.oidcPayloads.upsert('AuthorizationCode', 'c1', codeOf('g1'), later());
      await store.oidcPayloads.upsert('RefreshToken', 'r1', codeOf('g1'), later());
      await store.oidcPayloads.upsert('AccessToken', 'a2', codeOf('g2'), later());
      await store.oidcPayloads.revokeByGrantId('g1');
      expect(await store.oidcPayloads.find('AuthorizationCode', 'c1')).to.equal(null);
      expect(await store.oidcPayloads.find('RefreshToken', 'r1')).to.equal(null);
      expect(await store.oidcPayloads.find('AccessToken', 'a2')).to.deep.equal(codeOf('g2'));
    });

    it('purges expired payloads only, and answers how many', async () => {
      await store.oidcPayloads.upsert('AccessToken', 'gone1', codeOf('g1'), earlier());
      await store.oidcPayloads.upsert('AccessToken', 'gone2', codeOf('g1'), earlier());
      await store.oidcPayloads.upsert('AccessToken', 'live', codeOf('g1'), later());
      await store.oidcPayloads.upsert('Session', 'forever', { accountId: user.id }, null);
      expect(await store.oidcPayloads.purgeExpired(new Date())).to.equal(2);
      expect(await store.oidcPayloads.purgeExpired(new Date())).to.equal(0);
      expect(await store.oidcPayloads.find('AccessToken', 'live')).to.not.equal(null);
      expect(await store.oidcPayloads.find('Session', 'forever')).to.not.equal(null);
    });

    it('deletes a user\'s payloads with the user', async () => {
      const other = aUser();
      await store.auth.insertUser(other);
      await store.oidcPayloads.upsert('RefreshToken', 'mine', codeOf('g1'), later());
      await store.oidcPayloads.upsert('Session', 'theirs', { accountId: other.id }, later());
      await store.scopes.open(user.id).deleteUser();
      expect(await store.oidcPayloads.find('RefreshToken', 'mine')).to.equal(null);
      expect(await store.oidcPayloads.find('Session', 'theirs')).to.deep.equal({ accountId: other.id });
    });

    it('deletes a client\'s payloads with the client, and looks clients up by id', async () => {
      const other = anOidcClient({ type: 'public', secretHash: null });
      await store.admins.open(anAdmin(null)).insertOidcClient(other);
      expect(await store.oidcClients.find(client.clientId)).to.deep.equal(client);
      await store.oidcPayloads.upsert('AccessToken', 'a1', codeOf('g1'), later());
      await store.oidcPayloads.upsert('AccessToken', 'a2', { ...codeOf('g2'), clientId: other.clientId }, later());
      expect(await store.admins.open(anAdmin(null)).deleteOidcClient(client.clientId)).to.equal(true);
      expect(await store.admins.open(anAdmin(null)).deleteOidcClient(client.clientId)).to.equal(false);
      expect(await store.oidcClients.find(client.clientId)).to.equal(null);
      expect(await store.oidcPayloads.find('AccessToken', 'a1')).to.equal(null);
      expect(await store.oidcPayloads.find('AccessToken', 'a2')).to.not.equal(null);
    });

    it('finds nothing, and changes nothing, for keys no row can hold (a NUL, a lone surrogate, too long, empty)', async () => {
      for (const key of ['a\u0000b', 'a\ud800b', 'x'.repeat(300), '']) {
        expect(await store.oidcPayloads.find('AccessToken', key)).to.equal(null);
        expect(await store.oidcPayloads.findByUid('Session', key)).to.equal(null);
        expect(await store.oidcPayloads.findByUserCode('DeviceCode', key)).to.equal(null);
        expect(await store.oidcPayloads.consume('AuthorizationCode', key, new Date())).to.equal(false);
        await store.oidcPayloads.destroy('AuthorizationCode', key);
        await store.oidcPayloads.revokeByGrantId(key);
        expect(await store.oidcClients.find(key)).to.equal(null);
        expect(await store.admins.open(anAdmin(null)).findOidcClient(key)).to.equal(null);
        expect(await store.admins.open(anAdmin(null)).deleteOidcClient(key)).to.equal(false);
        expect(await store.scopes.open(user.id).oidc.revokeClient(key)).to.equal(false);
      }
    });

    it('refuses a payload that names an unknown client (the foreign key)', async () => {
      let refused = false;
      await store.oidcPayloads.upsert('AccessToken', 'x', { clientId: 'nobody' }, later()).catch(() => (refused = true));
      expect(refused).to.equal(true);
    });

    it('adds signing keys only for algorithms without a current key, even when two starts race', async () => {
      const first = [aSigningKey({ alg: 'RS256' }), aSigningKey({ alg: 'ES256' })];
      const second = [aSigningKey({ alg: 'RS256' }), aSigningKey({ alg: 'ES256' })];
      const outcomes = await Promise.all([store.oidcKeys.addWhereMissing(first), store.oidcKeys.addWhereMissing(second)]);
      expect(outcomes.filter(Boolean)).to.have.length(1);
      const kept = (await store.oidcKeys.list()).map((key) => key.kid).sort();
      expect([first, second].map((set) => set.map((key) => key.kid).sort())).to.deep.include(kept);
      expect(await store.oidcKeys.addWhereMissing([aSigningKey()])).to.equal(false);
    });

    it('adds the key of an algorithm that has none current (a database made before that algorithm), and only that one; a retired key does not count', async () => {
      await store.oidcKeys.addWhereMissing([aSigningKey({ alg: 'ES256', createdAt: at('2026-01-01T00:00:00.000Z') })]);
      const kept = [aSigningKey({ alg: 'RS256' })];
      await store.oidcKeys.rotate(kept, at('2026-01-02T03:04:05.678Z'));
      const added = aSigningKey({ alg: 'ES256' });
      expect(await store.oidcKeys.addWhereMissing([aSigningKey({ alg: 'RS256' }), added])).to.equal(true);
      const current = (await store.oidcKeys.list()).filter((key) => key.retiredAt === null);
      expect(current.map((key) => key.kid).sort()).to.deep.equal([...kept, added].map((key) => key.kid).sort());
    });

    it('rotates: retires the current keys at the instant given, lists newest first, deletes the long retired', async () => {
      const old = aSigningKey({ createdAt: at('2026-01-01T00:00:00.000Z') });
      const fresh = aSigningKey({ createdAt: at('2026-02-01T00:00:00.000Z') });
      await store.oidcKeys.addWhereMissing([old]);
      await store.oidcKeys.rotate([fresh], at('2026-02-01T00:00:00.000Z'));
      expect(await store.oidcKeys.list()).to.deep.equal([fresh, { ...old, retiredAt: at('2026-02-01T00:00:00.000Z') }]);
      expect(await store.oidcKeys.deleteRetiredBefore(at('2026-02-01T00:00:00.000Z'))).to.equal(0);
      expect(await store.oidcKeys.deleteRetiredBefore(at('2026-02-01T00:00:00.001Z'))).to.equal(1);
      expect(await store.oidcKeys.list()).to.deep.equal([fresh]);
    });
  });
}
