import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import type { Group, GroupId } from '../../src/core/domain/group.js';
import type { OidcClient } from '../../src/core/domain/oidc-client.js';
import { toCredentialOwner, type User } from '../../src/core/domain/user.js';
import type { AdminScope } from '../../src/core/ports/admin-scopes.js';
import { aUser, anAdmin, anOidcClient, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const HOUR_MS = 3_600_000;
const later = (): Date => new Date(Date.now() + HOUR_MS);
const earlier = (): Date => new Date(Date.now() - HOUR_MS);
const key = (): string => randomBytes(32).toString('base64url');
const aGroup = (name: string): Group => ({ id: uuidv7() as GroupId, name, description: null, createdAt: at('2026-01-02T03:04:05.678Z') });

/** Userinfo's one read: each part as the part's own read answers it, all read at the call. */
export function oidcUserinfoContract(adapter: string, factory: StoreFactory): void {
  describe(`OIDC userinfo read contract (${adapter})`, () => {
    let under: StoreUnderTest;
    let store: Store;
    let admin: AdminScope;
    let user: User;
    let client: OidcClient;
    let ops: Group;
    let dev: Group;
    let session: { key: string; uid: string };
    let grantId: string;
    beforeEach(async () => {
      under = await factory();
      store = under.store;
      admin = store.admins.open(anAdmin(null));
      user = aUser();
      await store.auth.insertUser(user);
      [ops, dev] = [aGroup('ops'), aGroup('dev')];
      for (const group of [ops, dev]) await admin.groups.insert(group);
      for (const group of [ops, dev]) await admin.groups.addMember(group.id, user.id, at('2026-01-02T03:04:05.678Z'));
      client = anOidcClient({ allowedGroups: [ops.id, dev.id], requireMfa: true, allowedOrigins: ['https://spa.example'] });
      await admin.insertOidcClient(client);
      session = { key: key(), uid: key() };
      grantId = key();
      await store.oidcPayloads.upsert('Session', session.key, { jti: session.key, kind: 'Session', uid: session.uid, accountId: user.id, authorizations: { [client.clientId]: { grantId } } }, later());
      await store.oidcPayloads.upsert('Grant', grantId, { jti: grantId, kind: 'Grant', accountId: user.id, clientId: client.clientId, openid: { scope: 'openid email' } }, later());
    });
    afterEach(() => under.cleanup());

    const accessToken = async (extra: Record<string, unknown> = {}, expiresAt = later()): Promise<string> => {
      const value = key();
      const payload = { jti: value, kind: 'AccessToken', accountId: user.id, clientId: client.clientId, grantId, sessionUid: session.uid, expiresWithSession: true, scope: 'openid email', ...extra };
      await store.oidcPayloads.upsert('AccessToken', value, payload, expiresAt);
      return value;
    };

    /** What the part's own reads answer, one after the other. */
    const partByPart = async (value: string) => {
      const token = await store.oidcPayloads.find('AccessToken', value);
      const text = (field: string) => (typeof token?.[field] === 'string' ? (token[field] as string) : null);
      const [uid, grant, clientId, accountId] = [text('sessionUid'), text('grantId'), text('clientId'), text('accountId')];
      const found = accountId === null ? null : await admin.findUser(accountId);
      return {
        token,
        session: uid === null ? null : await store.oidcPayloads.findByUid('Session', uid),
        grant: grant === null ? null : await store.oidcPayloads.find('Grant', grant),
        client: clientId === null ? null : await store.oidcClients.find(clientId),
        user: found ? toCredentialOwner(found.user) : null,
        groups: found ? await found.scope.listGroups() : [],
      };
    };

    it("answers the token, its session, its grant, its client and the account as each part's own read does", async () => {
      const value = await accessToken();
      const read = await store.oidcUserinfo.findByAccessToken(value);
      expect(read).to.deep.equal(await partByPart(value));
      expect(read?.token).to.include({ jti: value, sessionUid: session.uid, grantId });
      expect(read?.session).to.include({ uid: session.uid, accountId: user.id });
      expect(read?.grant).to.include({ jti: grantId, clientId: client.clientId });
      expect(read?.client?.allowedGroups, "the client's groups").to.have.members([dev.id, ops.id]);
      expect(read?.user).to.deep.equal(toCredentialOwner(user));
      expect(read?.groups).to.deep.equal([{ id: dev.id, name: 'dev' }, { id: ops.id, name: 'ops' }]);
    });

    it('finds no token for an unknown, expired or malformed key, nor for a payload of another model', async () => {
      const expired = await accessToken({}, earlier());
      const code = key();
      await store.oidcPayloads.upsert('AuthorizationCode', code, { jti: code, kind: 'AuthorizationCode', accountId: user.id, clientId: client.clientId, grantId }, later());
      for (const value of [key(), expired, code, '', 'x'.repeat(256), 'a\u0000b']) expect(await store.oidcUserinfo.findByAccessToken(value), JSON.stringify(value.slice(0, 20))).to.equal(null);
    });

    it('reads every part now: a session or grant ended or expired, a changed client, a user disabled or moved between groups, a consumed token', async () => {
      const value = await accessToken();
      await store.oidcPayloads.destroy('Grant', grantId);
      await store.oidcPayloads.upsert('Session', session.key, { jti: session.key, kind: 'Session', uid: session.uid, accountId: user.id }, earlier());
      await admin.updateOidcClient({ ...client, allowedGroups: [], requireMfa: false, allowedOrigins: [] });
      await store.scopes.open(user.id).updateUser({ disabledAt: at('2026-02-01T00:00:00.000Z') });
      await admin.groups.removeMember(ops.id, user.id);
      await store.oidcPayloads.consume('AccessToken', value, new Date());
      const read = await store.oidcUserinfo.findByAccessToken(value);
      expect(read).to.deep.equal(await partByPart(value));
      expect([read?.session, read?.grant], 'session expired, grant gone').to.deep.equal([null, null]);
      expect(read?.client).to.include({ requireMfa: false });
      expect(read?.client?.allowedGroups).to.deep.equal([]);
      expect(read?.user?.disabledAt).to.deep.equal(at('2026-02-01T00:00:00.000Z'));
      expect(read?.groups).to.deep.equal([{ id: dev.id, name: 'dev' }]);
      expect(read?.token.consumed, 'consumed, as find answers').to.be.a('number');
    });

    it('finds nothing a token does not name: no session uid, a uid only an interaction has, another grant id, a foreign account id', async () => {
      const interactionUid = key();
      const interaction = key();
      await store.oidcPayloads.upsert('Interaction', interaction, { jti: interaction, kind: 'Interaction', uid: interactionUid }, later());
      const cases = [await accessToken({ sessionUid: undefined }), await accessToken({ sessionUid: interactionUid }), await accessToken({ grantId: key() }), await accessToken({ accountId: 'someone-else' })];
      for (const value of cases) {
        const read = await store.oidcUserinfo.findByAccessToken(value);
        expect(read).to.deep.equal(await partByPart(value));
      }
      const [noSession, interactionOnly, otherGrant, foreign] = await Promise.all(cases.map((value) => store.oidcUserinfo.findByAccessToken(value)));
      expect([noSession?.session, interactionOnly?.session, otherGrant?.grant]).to.deep.equal([null, null, null]);
      expect([foreign?.user, foreign?.groups]).to.deep.equal([null, []]);
      expect(noSession?.grant, 'the grant is still found').to.include({ jti: grantId });
    });

    it('loses the token with its client (the cascade)', async () => {
      const value = await accessToken();
      await admin.deleteOidcClient(client.clientId);
      expect(await store.oidcUserinfo.findByAccessToken(value)).to.equal(null);
    });
  });
}
