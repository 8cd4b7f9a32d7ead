import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { api, type Method } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ROUTES, type Route } from '../support/http/routes.js';
import { createToken, registeredMember, signedInAdmin, stepUpWithPassword, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const MINUTE = 60_000;
const CHANGES = ROUTES.filter((r) => r.access === 'adminSession');

/** Every admin change needs the admin's cookie with a proof of the last 15 minutes: a leaked admin token can read, never change. */
describe('HTTP admin changes: cookie only, with recent authentication', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let admin: SignedIn;
  let adminToken: string;
  before(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
    adminToken = await createToken(h, admin);
  });
  after(() => h.close());

  /** A fresh target for the route: its setup's (a client, a group, a rule), an invite for the invite route, else a member. */
  const targetOf = async (route: Route): Promise<{ path: string; body?: Record<string, unknown> }> => {
    if (route.setup) {
      const owner = await registeredMember(h, admin.email);
      const prepared = await route.setup({ h, adminEmail: admin.email, owner, acting: true });
      const path = route.path.replace('{id}', prepared.id ?? '').replace('{user_id}', prepared.userId ?? '');
      return { path, body: prepared.body ?? route.body };
    }
    if (route.path.startsWith('/api/v1/admin/invites/')) {
      const created = await api(h).post('/api/v1/invites').set(asBearer(adminToken)).send({});
      expect(created.status).to.equal(201);
      return { path: route.path.replace('{id}', created.body.id as string), body: route.body };
    }
    return { path: route.path.replace('{id}', (await registeredMember(h, admin.email)).userId), body: route.body };
  };
  const call = async (method: Method, path: string, headers: Record<string, string>, body?: Record<string, unknown>) =>
    body ? api(h)[method](path).set(headers).send(body) : api(h)[method](path).set(headers);

  it('covers every admin change of the route table', () => {
    const adminChanges = ROUTES.filter((r) => r.path.startsWith('/api/v1/admin/') && r.method !== 'get');
    expect(CHANGES).to.deep.equal(adminChanges).and.to.have.length(19);
  });

  for (const route of CHANGES) {
    const { method } = route;
    it(`${method.toUpperCase()} ${route.path}: an admin API token is 403 forbidden and changes nothing`, async () => {
      const { path, body } = await targetOf(route);
      const events = await countRows(h.db, 'security_events');
      const res = await call(method, path, asBearer(adminToken), body);
      expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
      expect(await countRows(h.db, 'security_events'), 'no change, no event').to.equal(events);
    });

    it(`${method.toUpperCase()} ${route.path}: a cookie whose proof is older than 15 minutes is 403 step_up_required, then works after a step-up`, async () => {
      const { path, body } = await targetOf(route);
      clock.advance(16 * MINUTE);
      const events = await countRows(h.db, 'security_events');
      const stale = await call(method, path, asCookie(admin), body);
      expect([stale.status, stale.body.code]).to.deep.equal([403, 'step_up_required']);
      expect(await countRows(h.db, 'security_events'), 'no change, no event').to.equal(events);
      expect((await stepUpWithPassword(h, admin)).status).to.equal(204);
      expect((await call(method, path, asCookie(admin), body)).status).to.equal(route.success);
    });
  }

  it('an admin API token still reads: users, invites, events, groups and forward-auth rules answer 200', async () => {
    for (const path of ['/api/v1/admin/users', '/api/v1/admin/invites', '/api/v1/admin/events', '/api/v1/admin/groups', '/api/v1/admin/forward-auth/rules']) {
      expect((await api(h).get(path).set(asBearer(adminToken))).status, path).to.equal(200);
    }
  });

  it('a member is refused as forbidden whatever the age of its proof', async () => {
    const member = await registeredMember(h, admin.email);
    clock.advance(16 * MINUTE);
    const res = await call('post', `/api/v1/admin/users/${member.userId}/disable`, asCookie(member));
    expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
  });
});
