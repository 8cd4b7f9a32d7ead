import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, createToken, inviteCode, registeredMember, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';

const GROUPS = '/api/v1/admin/groups';

describe(`HTTP groups, usernames and the clients' policy (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  let names = 0;
  const uniqueName = (label: string): string => `${label}-${process.pid}-${++names}`;

  before(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const asAdmin = () => asCookie(admin);
  const createGroup = async (name = uniqueName('team')): Promise<{ id: string; name: string }> => {
    const res = await api(h).post(GROUPS).set(asAdmin()).send({ name, description: 'The team' });
    expect(res.status).to.equal(201);
    return res.body;
  };

  describe('groups', () => {
    it('creates a group (name lowercased), reads it alone and in the list, with its member count', async () => {
      const name = uniqueName('Ops');
      const created = await api(h).post(GROUPS).set(asAdmin()).send({ name: ` ${name} ` });
      expect(created.status).to.equal(201);
      expect(created.body).to.include({ name: name.toLowerCase(), description: null, member_count: 0 });
      const one = await api(h).get(`${GROUPS}/${created.body.id}`).set(asAdmin());
      expect(one.body).to.deep.equal(created.body);
      const list = await api(h).get(GROUPS).set(asAdmin());
      expect(list.body.map((g: { id: string }) => g.id)).to.include(created.body.id);
    });

    it('a taken name → 409 group_name_taken, on creation and on rename, and nothing changes', async () => {
      const first = await createGroup();
      const second = await createGroup();
      const groups = await countRows(h.db, 'groups');
      const again = await api(h).post(GROUPS).set(asAdmin()).send({ name: first.name.toUpperCase() });
      expect([again.status, again.body.code]).to.deep.equal([409, 'group_name_taken']);
      const rename = await api(h).patch(`${GROUPS}/${second.id}`).set(asAdmin()).send({ name: first.name });
      expect([rename.status, rename.body.code]).to.deep.equal([409, 'group_name_taken']);
      expect(await countRows(h.db, 'groups')).to.equal(groups);
      expect((await api(h).get(`${GROUPS}/${second.id}`).set(asAdmin())).body.name).to.equal(second.name);
    });

    it('renames a group and changes its description', async () => {
      const group = await createGroup();
      const name = uniqueName('renamed');
      const res = await api(h).patch(`${GROUPS}/${group.id}`).set(asAdmin()).send({ name, description: 'Now this' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: group.id, name, description: 'Now this' });
    });

    it('an unknown or malformed id → 404 not_found', async () => {
      expect((await api(h).get(`${GROUPS}/01890a5d-ac96-774b-bcce-b302099a8057`).set(asAdmin())).status).to.equal(404);
      expect((await api(h).get(`${GROUPS}/not-a-uuid`).set(asAdmin())).status).to.equal(404);
    });

    it('adds and removes members idempotently (204 each time), pages them like the user list, and the member sees its groups', async () => {
      const group = await createGroup();
      const members = [await registeredMember(h, admin.email), await registeredMember(h, admin.email), await registeredMember(h, admin.email)];
      for (const member of members) {
        for (let i = 0; i < 2; i++) expect((await api(h).put(`${GROUPS}/${group.id}/members/${member.userId}`).set(asAdmin())).status).to.equal(204);
      }
      const first = await api(h).get(`${GROUPS}/${group.id}/members?limit=2`).set(asAdmin());
      expect(first.status).to.equal(200);
      expect(first.body.items.map((u: { id: string }) => u.id)).to.deep.equal(members.slice(0, 2).map((m) => m.userId));
      const rest = await api(h).get(`${GROUPS}/${group.id}/members?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`).set(asAdmin());
      expect(rest.body).to.deep.include({ next_cursor: null });
      expect(rest.body.items.map((u: { id: string }) => u.id)).to.deep.equal([members[2]!.userId]);
      expect((await api(h).get(`${GROUPS}/${group.id}`).set(asAdmin())).body.member_count).to.equal(3);
      expect((await api(h).get('/api/v1/users/me/groups').set(asCookie(members[0]!))).body).to.deep.equal([{ id: group.id, name: group.name }]);

      for (let i = 0; i < 2; i++) expect((await api(h).delete(`${GROUPS}/${group.id}/members/${members[0]!.userId}`).set(asAdmin())).status).to.equal(204);
      expect((await api(h).get('/api/v1/users/me/groups').set(asCookie(members[0]!))).body).to.deep.equal([]);
      expect((await api(h).get(`${GROUPS}/${group.id}/members?limit=0`).set(asAdmin())).status).to.equal(422);
    });

    it('an unknown user as a member → 404 not_found', async () => {
      const group = await createGroup();
      const res = await api(h).put(`${GROUPS}/${group.id}/members/01890a5d-ac96-774b-bcce-b302099a8057`).set(asAdmin());
      expect([res.status, res.body.code]).to.deep.equal([404, 'not_found']);
    });

    it('deleting a group a client and a rule name → 409 group_in_use listing both, and the group stays', async () => {
      const group = await createGroup();
      const client = await api(h)
        .post('/api/v1/admin/oidc/clients')
        .set(asAdmin())
        .send({ name: 'Wiki', type: 'public', redirect_uris: ['https://wiki.example.com/cb'], allowed_groups: [group.id] });
      expect(client.status).to.equal(201);
      const rule = await api(h).post('/api/v1/admin/forward-auth/rules').set(asAdmin()).send({ host: `${uniqueName('h')}.example.com`, path_prefix: '/admin', allowed_groups: [group.id] });
      expect(rule.status).to.equal(201);
      const events = await countRows(h.db, 'security_events');

      const refused = await api(h).delete(`${GROUPS}/${group.id}`).set(asAdmin());
      expect([refused.status, refused.body.code]).to.deep.equal([409, 'group_in_use']);
      expect(refused.body.used_by).to.deep.equal({
        clients: [{ client_id: client.body.client_id, name: 'Wiki' }],
        rules: [{ id: rule.body.id, host: rule.body.host, path_prefix: '/admin' }],
      });
      expect((await api(h).get(`${GROUPS}/${group.id}`).set(asAdmin())).status).to.equal(200);
      expect(await countRows(h.db, 'security_events'), 'a refusal writes nothing').to.equal(events);

      // Freed from both policies, it goes.
      expect((await api(h).patch(`/api/v1/admin/oidc/clients/${client.body.client_id}`).set(asAdmin()).send({ allowed_groups: [] })).status).to.equal(200);
      expect((await api(h).delete(`/api/v1/admin/forward-auth/rules/${rule.body.id}`).set(asAdmin())).status).to.equal(204);
      expect((await api(h).delete(`${GROUPS}/${group.id}`).set(asAdmin())).status).to.equal(204);
      expect((await api(h).get(`${GROUPS}/${group.id}`).set(asAdmin())).status).to.equal(404);
    });

    it('an admin API token reads groups and members, and may not change them', async () => {
      const group = await createGroup();
      const token = await createToken(h, admin);
      expect((await api(h).get(GROUPS).set(asBearer(token))).status).to.equal(200);
      expect((await api(h).get(`${GROUPS}/${group.id}/members`).set(asBearer(token))).status).to.equal(200);
      const res = await api(h).delete(`${GROUPS}/${group.id}`).set(asBearer(token));
      expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
    });
  });

  describe('usernames', () => {
    it('registration takes an optional username; UserOut carries it (null without one)', async () => {
      const username = uniqueName('ada');
      const res = await api(h)
        .post('/api/v1/auth/register')
        .set('Origin', ORIGIN)
        .send({ invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password: PASSWORD, display_name: 'Ada', username: username.toUpperCase() });
      expect(res.status).to.equal(201);
      expect(res.body.username).to.equal(username);
      const plain = await registeredMember(h, admin.email);
      expect((await api(h).get('/api/v1/users/me').set(asCookie(plain))).body.username).to.equal(null);
    });

    it('PATCH /users/me sets, refuses a taken one with 409 username_taken (changing nothing), and removes with null', async () => {
      const [ada, bob] = [await registeredMember(h, admin.email), await registeredMember(h, admin.email)];
      const username = uniqueName('ada');
      const set = await api(h).patch('/api/v1/users/me').set(asCookie(ada)).send({ username });
      expect([set.status, set.body.username]).to.deep.equal([200, username]);
      const taken = await api(h).patch('/api/v1/users/me').set(asCookie(bob)).send({ display_name: 'Bob', username });
      expect([taken.status, taken.body.code]).to.deep.equal([409, 'username_taken']);
      expect((await api(h).get('/api/v1/users/me').set(asCookie(bob))).body).to.include({ display_name: 'Member', username: null });
      const removed = await api(h).patch('/api/v1/users/me').set(asCookie(ada)).send({ username: null });
      expect([removed.status, removed.body.username]).to.deep.equal([200, null]);
    });

    it('an admin sets and removes a user\'s username: 200 AdminUserOut; taken → 409', async () => {
      const [ada, bob] = [await registeredMember(h, admin.email), await registeredMember(h, admin.email)];
      const username = uniqueName('ada');
      const set = await api(h).patch(`/api/v1/admin/users/${ada.userId}`).set(asAdmin()).send({ username });
      expect(set.status).to.equal(200);
      expect(set.body).to.include({ id: ada.userId, username, disabled: false });
      const taken = await api(h).patch(`/api/v1/admin/users/${bob.userId}`).set(asAdmin()).send({ username });
      expect([taken.status, taken.body.code]).to.deep.equal([409, 'username_taken']);
      expect((await api(h).get(`/api/v1/admin/users/${ada.userId}`).set(asAdmin())).body.username).to.equal(username);
      expect((await api(h).patch(`/api/v1/admin/users/${ada.userId}`).set(asAdmin()).send({ username: null })).body.username).to.equal(null);
    });
  });

  describe('clients\' policy', () => {
    it('POST takes allowed_groups and require_mfa, OidcClientOut carries them, PATCH changes them', async () => {
      const group = await createGroup();
      const created = await api(h)
        .post('/api/v1/admin/oidc/clients')
        .set(asAdmin())
        .send({ name: 'Grafana', type: 'confidential', redirect_uris: ['https://grafana.example.com/cb'], allowed_groups: [group.id], require_mfa: true });
      expect(created.status).to.equal(201);
      expect(created.body).to.deep.include({ allowed_groups: [group.id], require_mfa: true });
      const id = created.body.client_id as string;
      const patched = await api(h).patch(`/api/v1/admin/oidc/clients/${id}`).set(asAdmin()).send({ require_mfa: false, name: 'Grafana 11' });
      expect(patched.status).to.equal(200);
      expect(patched.body).to.deep.include({ name: 'Grafana 11', allowed_groups: [group.id], require_mfa: false, type: 'confidential' });
      expect(patched.body).not.to.have.property('client_secret');
      expect((await api(h).get(`/api/v1/admin/oidc/clients/${id}`).set(asAdmin())).body).to.deep.equal(patched.body);
      const unknownGroup = await api(h).patch(`/api/v1/admin/oidc/clients/${id}`).set(asAdmin()).send({ allowed_groups: ['01890a5d-ac96-774b-bcce-b302099a8057'] });
      expect([unknownGroup.status, unknownGroup.body.code]).to.deep.equal([422, 'validation_failed']);
      expect((await api(h).patch('/api/v1/admin/oidc/clients/unknown').set(asAdmin()).send({ require_mfa: true })).status).to.equal(404);
    });
  });
});
