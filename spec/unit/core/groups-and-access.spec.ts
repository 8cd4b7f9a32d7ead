import { expect } from 'chai';
import { GroupInUseError } from '../../../src/core/domain/group-in-use.js';
import type { Principal } from '../../../src/core/domain/principal.js';
import { CONTEXT, memoryWorld, PASSWORD, SIGN_IN, seedMember, type MemoryWorld } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const adminOf = async (world: MemoryWorld): Promise<Principal> => {
  const { session } = signedIn(await world.useCases.login({ email: 'root@example.com', password: PASSWORD }, SIGN_IN));
  return (await world.useCases.authenticateSession(session.token, CONTEXT)).principal;
};
const eventsOf = async (world: MemoryWorld, principal: Principal) => (await world.useCases.listMyEvents(principal, {})).items.map((e) => e.type);
const CLIENT = { name: 'Grafana', type: 'confidential', redirect_uris: ['https://grafana.example.com/cb'] };

describe('groups, usernames and access policies (memory adapters)', () => {
  let world: MemoryWorld;
  let member: Awaited<ReturnType<typeof seedMember>>;
  let admin: Principal;
  beforeEach(async () => {
    world = memoryWorld();
    member = await seedMember(world);
    admin = await adminOf(world);
  });

  describe('usernames', () => {
    it('are chosen at registration, lowercased; a taken one refuses the registration and uses nothing of the invite', async () => {
      const { code } = await world.useCases.createInviteAsOperator('root@example.com', { max_uses: 2 });
      const ada = await world.useCases.registerWithInvite({ invite_code: code, email: 'ada@example.com', password: PASSWORD, display_name: 'Ada', username: 'Ada.L' }, SIGN_IN);
      expect(ada.user.username).to.equal('ada.l');
      await expectDomainError(world.useCases.registerWithInvite({ invite_code: code, email: 'bob@example.com', password: PASSWORD, display_name: 'Bob', username: 'ADA.L' }, SIGN_IN), 'username_taken');
      await expectDomainError(world.useCases.registerWithInvite({ invite_code: code, email: 'bob@example.com', password: PASSWORD, display_name: 'Bob', username: '-bob' }, SIGN_IN), 'validation_failed');
      const bob = await world.useCases.registerWithInvite({ invite_code: code, email: 'bob@example.com', password: PASSWORD, display_name: 'Bob' }, SIGN_IN);
      expect(bob.user.username).to.equal(null);
    });

    it('are set and removed by the user (username_changed), and read back with the credential', async () => {
      const me = await world.useCases.updateMe(member.principal, { username: 'Member_1' });
      expect(me.username).to.equal('member_1');
      const again = await world.useCases.authenticateSession(member.session.token, CONTEXT);
      expect((await world.useCases.getMe(again.principal)).username).to.equal('member_1');
      expect((await world.useCases.updateMe(again.principal, { username: null })).username).to.equal(null);
      expect((await eventsOf(world, member.principal)).filter((t) => t === 'username_changed')).to.have.length(2);
      await expectDomainError(world.useCases.updateMe(member.principal, {}), 'validation_failed');
    });

    it('are set by an admin (recent authentication), a taken one refused with nothing changed', async () => {
      await world.useCases.updateMe(admin, { username: 'root' });
      const view = await world.useCases.updateUser(admin, { id: member.user.id }, { username: 'm' });
      expect(view.user.username).to.equal('m');
      await expectDomainError(world.useCases.updateUser(admin, { id: member.user.id }, { username: 'ROOT' }), 'username_taken');
      expect((await world.useCases.getUser(admin, member.user.id)).user.username).to.equal('m');
      await expectDomainError(world.useCases.updateUser(member.principal, { id: member.user.id }, { username: 'x' }), 'forbidden');
    });
  });

  describe('groups', () => {
    it('are created, listed by name with their member count, renamed (group_renamed) and described', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'Ops', description: 'On call' });
      await world.useCases.createGroup(admin, { name: 'dev' });
      await expectDomainError(world.useCases.createGroup(admin, { name: 'OPS' }), 'group_name_taken');
      await expectDomainError(world.useCases.createGroup(admin, { name: 'a,b' }), 'validation_failed');
      await expectDomainError(world.useCases.createGroup(admin, { name: 'x', description: 'd'.repeat(201) }), 'validation_failed');
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect((await world.useCases.listGroups(admin)).map((g) => [g.name, g.memberCount])).to.deep.equal([['dev', 0], ['ops', 1]]);
      const renamed = await world.useCases.updateGroup(admin, { id: ops.id }, { name: 'sre', description: null });
      expect([renamed.name, renamed.description]).to.deep.equal(['sre', null]);
      await expectDomainError(world.useCases.updateGroup(admin, { name: 'sre' }, { name: 'dev' }), 'group_name_taken');
      expect(await eventsOf(world, admin)).to.include.members(['group_created', 'group_renamed']);
    });

    it('add and remove members idempotently, each change on the member\'s trail; the user sees its groups', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      await world.useCases.addGroupMember(admin, { name: 'ops' }, { email: 'member@example.com' });
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect(await world.useCases.listMyGroups(member.principal)).to.deep.equal([{ id: ops.id, name: 'ops' }]);
      expect(await world.useCases.listUserGroups(admin, { id: member.user.id })).to.deep.equal([{ id: ops.id, name: 'ops' }]);
      expect((await world.useCases.listGroupMembers(admin, { id: ops.id }, {})).items.map((m) => m.user.email)).to.deep.equal(['member@example.com']);
      await world.useCases.removeGroupMember(admin, { id: ops.id }, { id: member.user.id });
      await world.useCases.removeGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect(await world.useCases.listMyGroups(member.principal)).to.deep.equal([]);
      expect((await eventsOf(world, member.principal)).filter((t) => t.startsWith('group_member'))).to.deep.equal(['group_member_removed', 'group_member_added']);
      await expectDomainError(world.useCases.addGroupMember(admin, { name: 'nope' }, { id: member.user.id }), 'not_found');
    });

    it('refuses deleting a group a client or a rule names, listing where it is used; deletes it once unused', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      const { client } = await world.useCases.createOidcClient(admin, { ...CLIENT, allowed_groups: [ops.id] });
      const rule = await world.useCases.createForwardAuthRule(admin, { host: 'App.Example.com', path_prefix: '/admin/', allowed_groups: [ops.id] });
      const refused = await expectDomainError(world.useCases.deleteGroup(admin, { id: ops.id }), 'group_in_use');
      expect((refused as GroupInUseError).usage).to.deep.equal({
        clients: [{ clientId: client.clientId, name: 'Grafana' }],
        rules: [{ id: rule.id, host: 'app.example.com', pathPrefix: '/admin' }],
      });
      await world.useCases.updateOidcClient(admin, client.clientId, { allowed_groups: [] });
      await world.useCases.deleteForwardAuthRule(admin, rule.id);
      await world.useCases.deleteGroup(admin, { id: ops.id });
      expect(await world.useCases.listGroups(admin)).to.deep.equal([]);
    });

    it('a policy naming a group that does not exist is refused as validation_failed', async () => {
      await expectDomainError(world.useCases.createOidcClient(admin, { ...CLIENT, allowed_groups: ['01900000-0000-7000-8000-0000000000ff'] }), 'validation_failed');
      await expectDomainError(world.useCases.createForwardAuthRule(admin, { host: 'a.example.com', allowed_groups: ['nope'] }), 'validation_failed');
    });

    it('a member may read nothing of them and change nothing', async () => {
      await expectDomainError(world.useCases.listGroups(member.principal), 'forbidden');
      await expectDomainError(world.useCases.createGroup(member.principal, { name: 'x' }), 'forbidden');
    });
  });

  describe('decisions at both doors', () => {
    const withTotp = async () => {
      const now = world.clock.now();
      await world.ports.scopes.open(member.user.id).factors.insertTotp({ id: world.ports.ids.next(), userId: member.user.id, sealedSecret: 's', createdAt: now, confirmedAt: now, lastUsedStep: 0 });
    };

    it('forward auth: no rule for the host allows any signed-in user and still names the username and groups', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      await world.useCases.updateMe(member.principal, { username: 'mem' });
      const verdict = await world.useCases.decideForwardAuth(member.principal, { host: 'app.example.com', uri: '/' });
      expect(verdict).to.deep.equal({ decision: 'allow', ruleId: null, username: 'mem', groups: ['ops'] });
    });

    it('forward auth: the longest matching rule decides; outside its groups → deny, recorded and counted', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      await world.useCases.createForwardAuthRule(admin, { host: 'app.example.com' });
      const adminRule = await world.useCases.createForwardAuthRule(admin, { host: 'app.example.com', path_prefix: '/admin', allowed_groups: [ops.id] });
      expect((await world.useCases.decideForwardAuth(member.principal, { host: 'APP.example.com', uri: '/apple' })).decision).to.equal('allow');
      const denied = await world.useCases.decideForwardAuth(member.principal, { host: 'app.example.com', uri: '/admin/x' });
      expect([denied.decision, denied.ruleId]).to.deep.equal(['deny', adminRule.id]);
      expect(await eventsOf(world, member.principal)).to.include('access_denied');
      expect(world.decisions.counted).to.deep.equal(['forward_auth:allow', 'forward_auth:deny']);
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect((await world.useCases.decideForwardAuth(member.principal, { host: 'app.example.com', uri: '/admin/x' })).decision).to.equal('allow');
    });

    it('forward auth with require_mfa: the second step for a user with a factor, set-up for one without, deny for an API token', async () => {
      await world.useCases.createForwardAuthRule(admin, { host: 'app.example.com', require_mfa: true });
      const ask = () => world.useCases.decideForwardAuth(member.principal, { host: 'app.example.com', uri: '/' });
      expect((await ask()).decision).to.equal('second_factor_setup_needed');
      await withTotp();
      expect((await ask()).decision).to.equal('second_factor_needed');
      const proved = { ...member.principal, credential: { ...member.principal.credential, secondFactorAt: world.clock.now() } } as Principal;
      expect((await world.useCases.decideForwardAuth(proved, { host: 'app.example.com', uri: '/' })).decision).to.equal('allow');
      const token = { ...member.principal, credential: { kind: 'api_token', tokenId: 'x' } } as Principal;
      expect((await world.useCases.decideForwardAuth(token, { host: 'app.example.com', uri: '/' })).decision).to.equal('deny');
    });

    it('OpenID: a client\'s groups and require_mfa, read at every call; a policy change is access_policy_changed', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      const { client } = await world.useCases.createOidcClient(admin, { ...CLIENT, allowed_groups: [ops.id] });
      const ask = (amr: string[]) => world.useCases.decideClientAccess({ userId: member.user.id, clientId: client.clientId, amr, context: CONTEXT });
      expect((await ask(['pwd'])).decision).to.equal('deny');
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect((await ask(['pwd'])).decision).to.equal('allow');
      const updated = await world.useCases.updateOidcClient(admin, client.clientId, { require_mfa: true, name: 'Grafana 2' });
      expect([updated.name, updated.requireMfa, updated.allowedGroups]).to.deep.equal(['Grafana 2', true, [ops.id]]);
      expect((await ask(['pwd'])).decision).to.equal('second_factor_setup_needed');
      expect((await ask(['pwd', 'otp', 'mfa'])).decision).to.equal('allow');
      expect((await world.useCases.decideClientAccess({ userId: member.user.id, clientId: 'gone', amr: [], context: CONTEXT })).decision).to.equal('deny');
      expect(await eventsOf(world, admin)).to.include('access_policy_changed');
      const account = await world.useCases.findOidcAccount(member.user.id);
      expect(account?.groups).to.deep.equal(['ops']);
    });

    it('OpenID, asked tentatively (the lean userinfo): an allow counts; a refusal is neither counted nor recorded, for the provider to judge again', async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      const { client } = await world.useCases.createOidcClient(admin, { ...CLIENT, allowed_groups: [ops.id] });
      const ask = (clientId: string) => world.useCases.decideClientAccess({ userId: member.user.id, clientId, amr: ['pwd'], context: CONTEXT, tentative: true });
      const before = (await eventsOf(world, member.principal)).length;
      expect([(await ask(client.clientId)).decision, (await ask('gone')).decision]).to.deep.equal(['deny', 'deny']);
      expect((await eventsOf(world, member.principal)).length).to.equal(before);
      expect(world.decisions.counted).to.deep.equal([]);
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect((await ask(client.clientId)).decision).to.equal('allow');
      expect(world.decisions.counted).to.deep.equal(['oidc:allow']);
    });

    it("the lean userinfo's one read: the account as findOidcAccount answers it, and the access policy decided on what was read, tentatively", async () => {
      const ops = await world.useCases.createGroup(admin, { name: 'ops' });
      const { client } = await world.useCases.createOidcClient(admin, { ...CLIENT, allowed_groups: [ops.id] });
      const token = { kind: 'AccessToken', accountId: member.user.id, clientId: client.clientId, scope: 'openid' };
      await world.ports.oidcPayloads.upsert('AccessToken', 'at-1', token, new Date(world.clock.now().getTime() + 60_000));
      const read = () => world.useCases.findUserinfoSources('at-1');
      const decide = async (amr: string[]) => {
        const sources = (await read())!;
        return (await world.useCases.decideReadClientAccess({ userId: member.user.id, clientId: client.clientId, amr, context: CONTEXT, tentative: true, client: sources.client, profile: sources.profile })).decision;
      };
      expect(await world.useCases.findUserinfoSources('unknown')).to.equal(null);
      expect((await read())?.account).to.deep.equal(await world.useCases.findOidcAccount(member.user.id));
      expect(await decide(['pwd']), 'outside the groups').to.equal('deny');
      await world.useCases.addGroupMember(admin, { id: ops.id }, { id: member.user.id });
      expect([(await read())?.account?.groups, await decide(['pwd'])]).to.deep.equal([['ops'], 'allow']);
      await world.useCases.updateOidcClient(admin, client.clientId, { require_mfa: true });
      expect([await decide(['pwd']), await decide(['pwd', 'mfa'])]).to.deep.equal(['second_factor_setup_needed', 'allow']);
      expect(world.decisions.counted, 'the allows counted, the refusals left to the provider').to.deep.equal(['oidc:allow', 'oidc:allow']);
      expect(await eventsOf(world, member.principal), 'no refusal recorded').to.not.include('access_denied');
      // Disabling also revokes the tokens (disable-user.ts): the user alone, as another writer may leave it.
      await world.ports.scopes.open(member.user.id).updateUser({ disabledAt: world.clock.now() });
      const disabled = await read();
      expect([disabled?.account, disabled?.profile?.groups.map((g) => g.name)], 'nobody to the provider; the member profile as the doors read it').to.deep.equal([null, ['ops']]);
    });

    it('a public client cannot be updated to go without PKCE; an unknown client is not_found', async () => {
      const { client } = await world.useCases.createOidcClient(admin, { ...CLIENT, type: 'public' });
      await expectDomainError(world.useCases.updateOidcClient(admin, client.clientId, { require_pkce: false }), 'validation_failed');
      await expectDomainError(world.useCases.updateOidcClient(admin, 'nope', { name: 'x' }), 'not_found');
    });

    it('forward-auth rules: listed by host and prefix, updated, one rule per host and prefix', async () => {
      const a = await world.useCases.createForwardAuthRule(admin, { host: 'b.example.com' });
      await world.useCases.createForwardAuthRule(admin, { host: 'a.example.com', path_prefix: '/x' });
      await expectDomainError(world.useCases.createForwardAuthRule(admin, { host: 'B.example.com', path_prefix: '/' }), 'validation_failed');
      expect((await world.useCases.listForwardAuthRules(admin)).map((r) => r.host + r.pathPrefix)).to.deep.equal(['a.example.com/x', 'b.example.com/']);
      const changed = await world.useCases.updateForwardAuthRule(admin, a.id, { path_prefix: '/y', require_mfa: true });
      expect([changed.pathPrefix, changed.requireMfa, (await world.useCases.getForwardAuthRule(admin, a.id)).pathPrefix]).to.deep.equal(['/y', true, '/y']);
      await expectDomainError(world.useCases.createForwardAuthRule(admin, { host: 'bad host' }), 'validation_failed');
      await expectDomainError(world.useCases.getForwardAuthRule(admin, 'nope'), 'not_found');
    });
  });
});
