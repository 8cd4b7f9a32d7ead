import { expect } from 'chai';
import type request from 'supertest';
import { headerValue } from '../../src/api/header-value.js';
import { countRows } from '../support/db/count-rows.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { listenOnLoopback, openSocket, untilClosed } from '../support/http/raw-socket.js';
import { enrolTotp } from '../support/mfa/mfa-users.js';
import { cookieHeader, createToken, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';

const VERIFY = '/api/v1/auth/verify';
const RULES = '/api/v1/admin/forward-auth/rules';
const GROUPS = '/api/v1/admin/groups';

describe(`HTTP GET /auth/verify under forward-auth rules (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  let names = 0;
  const unique = (label: string): string => `${label}-${process.pid}-${++names}`;

  before(async () => {
    // One trusted proxy hop: the forwarded host and URI are believed from the (loopback) peer.
    h = await startHarness({ SERVICE_TRUST_PROXY: '1' });
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const group = async (): Promise<{ id: string; name: string }> => (await api(h).post(GROUPS).set(asCookie(admin)).send({ name: unique('team') })).body;
  const join = async (groupId: string, user: SignedIn) => expect((await api(h).put(`${GROUPS}/${groupId}/members/${user.userId}`).set(asCookie(admin))).status).to.equal(204);
  const rule = async (body: Record<string, unknown>): Promise<{ id: string; host: string }> => {
    const res = await api(h).post(RULES).set(asCookie(admin)).send(body);
    expect(res.status).to.equal(201);
    return res.body;
  };
  const verify = (who: SignedIn | string, host: string, uri = '/') =>
    api(h)
      .get(VERIFY)
      .set(typeof who === 'string' ? asBearer(who) : { Cookie: cookieHeader(who.token) })
      .set({ 'X-Forwarded-Host': host, 'X-Forwarded-Uri': uri });
  const expectDenied = (res: request.Response) => {
    expect([res.status, res.body.code]).to.deep.equal([403, 'access_denied']);
    expect(res.headers).not.to.have.property('x-gatehouse-user-id');
    expect(res.headers).not.to.have.property('x-gatehouse-groups');
  };

  describe('the rules API', () => {
    it('creates (path_prefix defaults to /, normalised), lists, reads, changes and deletes a rule', async () => {
      const team = await group();
      const host = `${unique('wiki')}.example.com`;
      const created = await rule({ host: host.toUpperCase(), allowed_groups: [team.id] });
      expect(created).to.include({ host, path_prefix: '/', require_mfa: false });
      const deeper = await rule({ host, path_prefix: '/admin/', require_mfa: true });
      expect(deeper).to.include({ path_prefix: '/admin' });
      const list = await api(h).get(RULES).set(asCookie(admin));
      expect(list.body.filter((r: { host: string }) => r.host === host).map((r: { id: string }) => r.id)).to.deep.equal([created.id, deeper.id]);
      expect((await api(h).get(`${RULES}/${created.id}`).set(asCookie(admin))).body).to.deep.equal(created);
      const patched = await api(h).patch(`${RULES}/${created.id}`).set(asCookie(admin)).send({ allowed_groups: [], require_mfa: true });
      expect(patched.body).to.deep.include({ allowed_groups: [], require_mfa: true, host });
      const duplicate = await api(h).post(RULES).set(asCookie(admin)).send({ host, path_prefix: '/admin' });
      expect([duplicate.status, duplicate.body.code]).to.deep.equal([422, 'validation_failed']);
      expect((await api(h).delete(`${RULES}/${created.id}`).set(asCookie(admin))).status).to.equal(204);
      expect((await api(h).get(`${RULES}/${created.id}`).set(asCookie(admin))).status).to.equal(404);
      expect((await api(h).delete(`${RULES}/${created.id}`).set(asCookie(admin))).status).to.equal(404);
    });

    it('a group id that names no group → 422, and no rule is written', async () => {
      const rules = await countRows(h.db, 'forward_auth_rules');
      const res = await api(h).post(RULES).set(asCookie(admin)).send({ host: 'x.example.com', allowed_groups: ['01890a5d-ac96-774b-bcce-b302099a8057'] });
      expect([res.status, res.body.code]).to.deep.equal([422, 'validation_failed']);
      expect(await countRows(h.db, 'forward_auth_rules')).to.equal(rules);
    });
  });

  describe('decisions', () => {
    it('a member of the rule\'s group passes with X-Gatehouse-Username and X-Gatehouse-Groups; another user → 403 access_denied', async () => {
      const [ops, dev] = [await group(), await group()];
      const host = `${unique('grafana')}.example.com`;
      await rule({ host, allowed_groups: [ops.id] });
      const member = await registeredMember(h, admin.email);
      const other = await registeredMember(h, admin.email);
      await join(ops.id, member);
      await join(dev.id, member);
      await join(dev.id, other);
      const username = unique('ada');
      await api(h).patch('/api/v1/users/me').set(asCookie(member)).send({ username });

      const allowed = await verify(member, host, '/d/abc?orgId=1');
      expect(allowed.status).to.equal(204);
      expect(allowed.headers['x-gatehouse-user-id']).to.equal(member.userId);
      expect(allowed.headers['x-gatehouse-username']).to.equal(username);
      expect(allowed.headers['x-gatehouse-groups']!.split(',').sort()).to.deep.equal([ops.name, dev.name].sort());
      expectDenied(await verify(other, host));
    });

    it('picks the rule with the longest prefix covering the path, segment by segment', async () => {
      const [everyone, admins] = [await group(), await group()];
      const host = `${unique('app')}.example.com`;
      await rule({ host, path_prefix: '/', allowed_groups: [everyone.id] });
      await rule({ host, path_prefix: '/admin', allowed_groups: [admins.id] });
      await rule({ host, path_prefix: '/admin/public', allowed_groups: [] });
      const user = await registeredMember(h, admin.email);
      await join(everyone.id, user);

      expect((await verify(user, host, '/')).status).to.equal(204);
      expect((await verify(user, host, '/administration')).status, '/admin does not cover /administration').to.equal(204);
      expectDenied(await verify(user, host, '/admin'));
      expectDenied(await verify(user, host, '/admin/users?x=1'));
      expectDenied(await verify(user, host, '/public/../admin/x'));
      expectDenied(await verify(user, host, '/%61dmin'));
      expect((await verify(user, host, '/admin/public/page')).status, 'the longer, open prefix wins').to.equal(204);
    });

    it('a host no rule names admits any signed-in user, as without rules; headers empty without username or groups', async () => {
      const user = await registeredMember(h, admin.email);
      const res = await verify(user, `${unique('free')}.example.com`);
      expect(res.status).to.equal(204);
      expect(res.headers['x-gatehouse-username']).to.equal('');
      expect(res.headers['x-gatehouse-groups']).to.equal('');
    });

    it('require_mfa: a session without the proof → 401; with it → 204; an API token → 403 access_denied', async () => {
      const host = `${unique('vault')}.example.com`;
      await rule({ host, require_mfa: true });
      const user = await registeredMember(h, admin.email);
      const token = await createToken(h, user);
      const without = await verify(user, host);
      expect([without.status, without.body.code]).to.deep.equal([401, 'not_authenticated']);
      expect(without.headers).not.to.have.property('x-gatehouse-user-id');
      await enrolTotp(h, user, new Date()); // the confirming session now carries the proof
      const proved = await verify(user, host);
      expect([proved.status, proved.headers['x-gatehouse-mfa']]).to.deep.equal([204, 'true']);
      expectDenied(await verify(token, host));
    });

    it('changes hold at the next verify: a removed member is refused, a widened rule admits', async () => {
      const team = await group();
      const host = `${unique('wiki')}.example.com`;
      const created = await rule({ host, allowed_groups: [team.id] });
      const user = await registeredMember(h, admin.email);
      await join(team.id, user);
      expect((await verify(user, host)).status).to.equal(204);
      expect((await api(h).delete(`${GROUPS}/${team.id}/members/${user.userId}`).set(asCookie(admin))).status).to.equal(204);
      expectDenied(await verify(user, host));
      expect((await api(h).patch(`${RULES}/${created.id}`).set(asCookie(admin)).send({ allowed_groups: [] })).status).to.equal(200);
      expect((await verify(user, host)).status).to.equal(204);
    });

    it('a refusal is an access_denied event on the user\'s trail', async () => {
      const host = `${unique('closed')}.example.com`;
      await rule({ host, allowed_groups: [(await group()).id] });
      const user = await registeredMember(h, admin.email);
      expectDenied(await verify(user, host));
      const events = await api(h).get('/api/v1/users/me/events').set(asCookie(user));
      expect(events.body.items.map((e: { type: string }) => e.type)).to.include('access_denied');
    });
  });

  describe('header values', () => {
    it('a display name or a group name with CR/LF is refused (422), so it never reaches a header, and the answer is whole', async () => {
      const user = await registeredMember(h, admin.email);
      const rename = await api(h).patch('/api/v1/users/me').set(asCookie(user)).send({ display_name: 'Ada\r\nX-Injected: 1' });
      expect([rename.status, rename.body.code]).to.deep.equal([422, 'validation_failed']);
      const named = await api(h).post(GROUPS).set(asCookie(admin)).send({ name: 'ops\r\nX-Injected: 1' });
      expect([named.status, named.body.code]).to.deep.equal([422, 'validation_failed']);
      const team = await group();
      await join(team.id, user);
      const host = `${unique('raw')}.example.com`;
      await rule({ host, allowed_groups: [team.id] });

      const server = await listenOnLoopback(h.app);
      try {
        const head = [`GET ${VERIFY} HTTP/1.1`, 'Host: localhost', `Cookie: ${cookieHeader(user.token)}`, `X-Forwarded-Host: ${host}`, 'X-Forwarded-Uri: /'];
        const text = await untilClosed(await openSocket(server.address.port), `${head.join('\r\n')}\r\nConnection: close\r\n\r\n`);
        expect(text).to.match(/^HTTP\/1\.1 204 /);
        const lines = text.split('\r\n\r\n')[0]!.split('\r\n').slice(1);
        const ours = lines.filter((line) => /^x-gatehouse-/i.test(line));
        expect(ours.map((line) => line.split(':')[0]!.toLowerCase())).to.have.members([
          'x-gatehouse-user-id',
          'x-gatehouse-email',
          'x-gatehouse-mfa',
          'x-gatehouse-username',
          'x-gatehouse-groups',
        ]);
        for (const line of ours) expect(line).to.match(/^[\x20-\x7e]*$/);
        expect(lines.some((line) => /^x-injected/i.test(line))).to.equal(false);
      } finally {
        await server.shutdown();
      }
    });

    it('the last guard keeps only printable ASCII in every X-Gatehouse-* value', () => {
      expect(headerValue('ops\r\nX-Injected: 1\u0000\u007f\u2028é')).to.equal('opsX-Injected: 1');
    });
  });
});

describe(`HTTP GET /auth/verify: X-Forwarded-Host from an untrusted peer is ignored (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  before(async () => {
    h = await startHarness(); // SERVICE_TRUST_PROXY=0: no proxy is believed
  });
  after(() => h.close());

  it('a client cannot pick another host\'s rule (nor escape one) by writing the forwarded headers itself', async () => {
    const admin = await signedInAdmin(h);
    const closed = (await api(h).post(GROUPS).set(asCookie(admin)).send({ name: `closed-${process.pid}` })).body as { id: string };
    expect((await api(h).post(RULES).set(asCookie(admin)).send({ host: 'closed.example.com', allowed_groups: [closed.id] })).status).to.equal(201);
    const user = await registeredMember(h, admin.email);
    const res = await api(h).get(VERIFY).set({ Cookie: cookieHeader(user.token), 'X-Forwarded-Host': 'closed.example.com', 'X-Forwarded-Uri': '/' });
    expect(res.status).to.equal(204);
  });
});
