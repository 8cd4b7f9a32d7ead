import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import type { ForwardAuthRule } from '../../src/core/domain/forward-auth-rule.js';
import type { Group, GroupId } from '../../src/core/domain/group.js';
import type { User } from '../../src/core/domain/user.js';
import type { UserId } from '../../src/core/domain/user-id.js';
import type { AdminScope } from '../../src/core/ports/admin-scopes.js';
import { aUser, anAdmin, anOidcClient, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const T0 = at('2026-01-02T03:04:05.678Z');
const aGroup = (name: string): Group => ({ id: uuidv7() as GroupId, name, description: null, createdAt: T0 });
const aRule = (host: string, pathPrefix: string, allowedGroups: GroupId[] = []): ForwardAuthRule => ({ id: uuidv7(), host, pathPrefix, allowedGroups, requireMfa: false, createdAt: T0 });

/** Groups, memberships, forward-auth rules, usernames and clients' policies: the admin scope's stores and the doors' reads. */
export function groupsContract(adapter: string, factory: StoreFactory): void {
  describe(`Groups and access policies contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    let store: Store;
    let user: User;
    let other: User;
    let admin: AdminScope;
    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
      [user, other] = [aUser(), aUser()];
      for (const u of [user, other]) await store.auth.insertUser(u);
      admin = store.admins.open(anAdmin(null));
    });
    afterEach(() => subject.cleanup());

    it('keeps group names unique, lists by name with member counts, renames and finds by id or name', async () => {
      const [ops, dev] = [aGroup('ops'), aGroup('dev')];
      expect(await admin.groups.insert(ops)).to.equal(true);
      expect(await admin.groups.insert(dev)).to.equal(true);
      expect(await admin.groups.insert(aGroup('ops'))).to.equal(false);
      expect(await admin.groups.addMember(ops.id, user.id, T0)).to.equal(true);
      expect(await admin.groups.addMember(ops.id, user.id, T0)).to.equal(false);
      expect(await admin.groups.list()).to.deep.equal([{ ...dev, memberCount: 0 }, { ...ops, memberCount: 1 }]);
      expect(await admin.groups.update(dev.id, { name: 'ops' })).to.equal('taken');
      expect(await admin.groups.update(dev.id, { name: 'eng', description: 'Engineers' })).to.equal('updated');
      expect(await admin.groups.findByName('eng')).to.deep.equal({ ...dev, name: 'eng', description: 'Engineers', memberCount: 0 });
      expect(await admin.groups.find(ops.id.toUpperCase())).to.deep.equal({ ...ops, memberCount: 1 });
      expect(await admin.groups.find('not-a-uuid')).to.equal(null);
      expect(await admin.groups.update(uuidv7(), { name: 'x' })).to.equal('not_found');
      expect(await admin.groups.unknownIds([ops.id, 'nope', uuidv7()])).to.have.length(2);
    });

    it('lists a group\'s members through the user list, a user\'s groups by name, and removes a member once', async () => {
      const [ops, dev] = [aGroup('ops'), aGroup('dev')];
      for (const g of [ops, dev]) await admin.groups.insert(g);
      for (const g of [ops, dev]) await admin.groups.addMember(g.id, user.id, T0);
      await admin.groups.addMember(ops.id, other.id, T0);
      const members = await admin.listUsers({ emailPrefix: null, memberOf: ops.id, limit: 10, after: null });
      expect(members.map((m) => m.user.id).sort()).to.deep.equal([user.id, other.id].sort());
      expect(await admin.listUsers({ emailPrefix: null, memberOf: 'nope', limit: 10, after: null })).to.deep.equal([]);
      const refs = [{ id: dev.id, name: 'dev' }, { id: ops.id, name: 'ops' }];
      expect(await admin.groups.groupsOf(user.id)).to.deep.equal(refs);
      expect(await store.scopes.open(user.id).listGroups()).to.deep.equal(refs);
      expect(await admin.groups.removeMember(ops.id, user.id)).to.equal(true);
      expect(await admin.groups.removeMember(ops.id, user.id)).to.equal(false);
      expect(await store.access.findMemberProfile(user.id)).to.deep.equal({ username: null, groups: [{ id: dev.id, name: 'dev' }] });
    });

    it('deletes a user\'s memberships with the user, and a group\'s with the group', async () => {
      const ops = aGroup('ops');
      await admin.groups.insert(ops);
      await admin.groups.addMember(ops.id, user.id, T0);
      await admin.groups.addMember(ops.id, other.id, T0);
      await store.scopes.open(user.id).deleteUser();
      expect((await admin.groups.find(ops.id))?.memberCount).to.equal(1);
      expect(await admin.groups.delete(ops.id)).to.equal(true);
      expect(await store.access.findMemberProfile(other.id)).to.deep.equal({ username: null, groups: [] });
      expect(await store.access.findMemberProfile(user.id)).to.equal(null);
    });

    it('says where a group is used, and the store itself refuses deleting a group a policy names', async () => {
      const ops = aGroup('ops');
      await admin.groups.insert(ops);
      const client = anOidcClient({ allowedGroups: [ops.id], requireMfa: true });
      await admin.insertOidcClient(client);
      const rule = aRule('app.example.com', '/admin', [ops.id]);
      await admin.forwardAuthRules.insert(rule);
      expect(await admin.groups.usage(ops.id)).to.deep.equal({
        clients: [{ clientId: client.clientId, name: client.name }],
        rules: [{ id: rule.id, host: 'app.example.com', pathPrefix: '/admin' }],
      });
      const failure = await admin.groups.delete(ops.id).catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await admin.groups.find(ops.id)).to.not.equal(null);
      expect(await admin.findOidcClient(client.clientId)).to.deep.equal(client);
      expect(await store.oidcClients.find(client.clientId)).to.deep.equal(client);
    });

    it('updates a client\'s fields and policy but never its type, secret or creation time', async () => {
      const ops = aGroup('ops');
      await admin.groups.insert(ops);
      const client = anOidcClient();
      await admin.insertOidcClient(client);
      const changed = { ...client, name: 'Gitea', skipConsent: true, allowedGroups: [ops.id], requireMfa: true };
      expect(await admin.updateOidcClient({ ...changed, type: 'public', secretHash: null, createdAt: at('2030-01-01T00:00:00.000Z') })).to.equal(true);
      expect(await admin.findOidcClient(client.clientId)).to.deep.equal(changed);
      expect((await admin.listOidcClients())[0]).to.deep.equal(changed);
      expect(await admin.updateOidcClient(anOidcClient())).to.equal(false);
    });

    it('keeps one rule per host and prefix, lists them by host and prefix, reads a host\'s rules for the doors', async () => {
      const ops = aGroup('ops');
      await admin.groups.insert(ops);
      const [root, sub, wiki] = [aRule('app.example.com', '/'), aRule('app.example.com', '/admin', [ops.id]), aRule('wiki.example.com', '/')];
      for (const r of [wiki, sub, root]) expect(await admin.forwardAuthRules.insert(r)).to.equal(true);
      expect(await admin.forwardAuthRules.insert(aRule('app.example.com', '/admin'))).to.equal(false);
      expect(await admin.forwardAuthRules.list()).to.deep.equal([root, sub, wiki]);
      // The doors read a host's rules (without their creation time) and the user's profile together.
      const dev = aGroup('dev');
      await admin.groups.insert(dev);
      await admin.groups.addMember(ops.id, user.id, T0);
      await admin.groups.addMember(dev.id, user.id, T0);
      const both = aRule('app.example.com', '/both', [ops.id, dev.id]);
      await admin.forwardAuthRules.insert(both);
      const asRead = ({ createdAt: _, ...rule }: ForwardAuthRule) => ({ ...rule, allowedGroups: [...rule.allowedGroups].sort() });
      const facts = await store.access.forwardAuthFacts('APP.example.com', user.id);
      const rules = facts.rules.map((rule) => ({ ...rule, allowedGroups: [...rule.allowedGroups].sort() })).sort((a, b) => a.pathPrefix.localeCompare(b.pathPrefix));
      expect(rules).to.deep.equal([root, sub, both].map(asRead));
      expect(facts.profile).to.deep.equal({ username: null, groups: [{ id: dev.id, name: 'dev' }, { id: ops.id, name: 'ops' }] });
      expect(await store.access.forwardAuthFacts('nowhere.example.com', other.id)).to.deep.equal({ rules: [], profile: { username: null, groups: [] } });
      expect(await store.access.forwardAuthFacts('wiki.example.com', uuidv7() as UserId)).to.deep.equal({ rules: [asRead(wiki)], profile: null });
      expect(await admin.forwardAuthRules.delete(both.id)).to.equal(true);
      expect(await admin.groups.removeMember(dev.id, user.id)).to.equal(true);
      expect(await admin.groups.delete(dev.id)).to.equal(true);
      expect(await admin.forwardAuthRules.update({ ...root, pathPrefix: '/admin' })).to.equal('taken');
      expect(await admin.forwardAuthRules.update({ ...sub, allowedGroups: [], requireMfa: true })).to.equal('updated');
      expect(await admin.forwardAuthRules.find(sub.id)).to.deep.equal({ ...sub, allowedGroups: [], requireMfa: true });
      expect(await admin.forwardAuthRules.delete(sub.id)).to.equal(true);
      expect(await admin.forwardAuthRules.find(sub.id)).to.equal(null);
      expect(await admin.groups.delete(ops.id)).to.equal(true);
    });

    it('keeps usernames unique: of two users racing for one name exactly one gets it; the name can be removed and reused', async () => {
      const results = await Promise.all([store.scopes.open(user.id).setUsername('ada'), store.scopes.open(other.id).setUsername('ada')]);
      expect(results.filter(Boolean)).to.have.length(1);
      const winner = results[0] ? user : other;
      expect((await store.access.findMemberProfile(winner.id))?.username).to.equal('ada');
      expect(await store.scopes.open(winner.id).setUsername(null)).to.equal(true);
      const loser = winner === user ? other : user;
      expect(await store.scopes.open(loser.id).setUsername('ada')).to.equal(true);
      expect((await store.scopes.open(loser.id).findUser())?.username).to.equal('ada');
      expect(await store.auth.insertUser(aUser({ username: 'ada' }))).to.deep.equal({ outcome: 'username_taken' });
    });
  });
}
