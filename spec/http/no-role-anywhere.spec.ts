import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ROUTES, label } from '../support/http/routes.js';
import { PASSWORD, inviteCode, login, registeredMember, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';

/** Every key anywhere in a JSON value, nested objects and arrays included. */
const keysOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
};

describe('no response anywhere carries a role: every route, called by an admin', () => {
  let h: DatabaseHarness;
  const bodies: { route: string; status: number; body: unknown }[] = [];

  // A fresh admin (and a member to act on) for each route, so that no call spoils the next one.
  const freshAdmin = async (): Promise<SignedIn> => {
    const email = uniqueEmail('admin');
    await h.useCases.createAdmin({ email, password: PASSWORD });
    return login(h, email);
  };

  before(async function () {
    this.timeout(120_000);
    h = await startHarness({}, { hasher: new CountingHasher() });
    for (const route of ROUTES) {
      const admin = await freshAdmin();
      const target = await registeredMember(h, admin.email);
      const id = route.path.startsWith('/api/v1/admin/users/') ? target.userId : '01890a5d-ac96-774b-bcce-b302099a8057';
      const body = route.path.endsWith('/register')
        ? { invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password: PASSWORD, display_name: 'New' }
        : route.path.endsWith('/login')
          ? { email: target.email, password: PASSWORD }
          : route.body;
      const call = api(h)[route.method](route.path.replace('{id}', id)).set(asCookie(admin)).set('Origin', ORIGIN);
      const res = await (body ? call.send(body) : call);
      bodies.push({ route: label(route), status: res.status, body: res.body });
    }
  });
  after(() => h.close());

  it('walked every route, and the reading ones answered 2xx with a JSON body', () => {
    expect(bodies.map((b) => b.route)).to.deep.equal(ROUTES.map(label));
    const succeeded = bodies.filter((b) => b.status < 300 && keysOf(b.body).length > 0).map((b) => b.route);
    expect(succeeded).to.include.members([
      'POST /api/v1/auth/register',
      'POST /api/v1/auth/login',
      'GET /api/v1/users/me',
      'GET /api/v1/users/me/events',
      'GET /api/v1/admin/users',
      'GET /api/v1/admin/users/{id}',
      'GET /api/v1/admin/invites',
      'GET /api/v1/admin/events',
      'GET /api/v1/sessions',
      'POST /api/v1/tokens',
      'POST /api/v1/invites',
      'GET /api/v1/mfa',
    ]);
  });

  it('found no key named role in any of them, successes and problems alike', () => {
    const offending = bodies.filter((b) => keysOf(b.body).includes('role')).map((b) => b.route);
    expect(offending).to.deep.equal([]);
  });

  it('the walker itself finds a nested role', () => {
    expect(keysOf({ items: [{ user: { role: 'admin' } }] })).to.include('role');
  });
});
