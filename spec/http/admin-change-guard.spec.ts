import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ROUTES } from '../support/http/routes.js';
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

  /** A fresh target for the route: a member for the user routes, an invite for the invite route, a client for the client routes. */
  const targetOf = async (path: string): Promise<string> => {
    if (path.startsWith('/api/v1/admin/oidc/clients')) {
      return (await h.useCases.createOidcClientAsOperator({ name: 'Target', type: 'public', redirect_uris: ['https://app.example.com/cb'] })).client.clientId;
    }
    if (path.startsWith('/api/v1/admin/invites/')) {
      const created = await api(h).post('/api/v1/invites').set(asBearer(adminToken)).send({});
      expect(created.status).to.equal(201);
      return created.body.id as string;
    }
    return (await registeredMember(h, admin.email)).userId;
  };
  const call = async (method: 'post' | 'delete', path: string, headers: Record<string, string>, body?: Record<string, unknown>) =>
    body ? api(h)[method](path).set(headers).send(body) : api(h)[method](path).set(headers);

  it('covers every admin change of the route table', () => {
    const adminChanges = ROUTES.filter((r) => r.path.startsWith('/api/v1/admin/') && r.method !== 'get');
    expect(CHANGES).to.deep.equal(adminChanges).and.to.have.length(9);
  });

  for (const route of CHANGES) {
    const method = route.method as 'post' | 'delete';
    it(`${method.toUpperCase()} ${route.path}: an admin API token is 403 forbidden and changes nothing`, async () => {
      const path = route.path.replace('{id}', await targetOf(route.path));
      const events = await countRows(h.db, 'security_events');
      const res = await call(method, path, asBearer(adminToken), route.body);
      expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
      expect(await countRows(h.db, 'security_events'), 'no change, no event').to.equal(events);
    });

    it(`${method.toUpperCase()} ${route.path}: a cookie whose proof is older than 15 minutes is 403 step_up_required, then works after a step-up`, async () => {
      const path = route.path.replace('{id}', await targetOf(route.path));
      clock.advance(16 * MINUTE);
      const events = await countRows(h.db, 'security_events');
      const stale = await call(method, path, asCookie(admin), route.body);
      expect([stale.status, stale.body.code]).to.deep.equal([403, 'step_up_required']);
      expect(await countRows(h.db, 'security_events'), 'no change, no event').to.equal(events);
      expect((await stepUpWithPassword(h, admin)).status).to.equal(204);
      expect((await call(method, path, asCookie(admin), route.body)).status).to.equal(route.success);
    });
  }

  it('an admin API token still reads: users, invites and events answer 200', async () => {
    for (const path of ['/api/v1/admin/users', '/api/v1/admin/invites', '/api/v1/admin/events']) {
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
