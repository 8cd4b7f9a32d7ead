import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie, expectOwnerUntouched, ownerWithEverything, type Owner } from '../support/http/fixtures.js';
import { startHarness, type Harness } from '../support/http/harness.js';
import { ROUTES, isMutating, label, type Route } from '../support/http/routes.js';
import { PASSWORD, inviteCode, registeredMember, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';

type Credential = 'none' | 'cookie' | 'token' | 'other';
const CREDENTIALS: readonly Credential[] = ['none', 'cookie', 'token', 'other'];

/** CONTRACT §2 and §5; every caller here is a member, so admin routes are 403 to them. */
const expectedStatus = (route: Route, credential: Credential): number => {
  if (route.access === 'none') return route.success;
  if (credential === 'none') return 401;
  if (route.access === 'admin' || route.access === 'adminSession') return 403;
  if (credential === 'token' && route.access === 'session') return 403;
  if (credential === 'other' && route.path.includes('{id}')) return 404;
  if (credential === 'other' && route.otherStatus) return route.otherStatus;
  return route.success;
};

describe('HTTP credential matrix: every route × no credential, cookie, token, another user\'s cookie', () => {
  let h: Harness;
  let admin: SignedIn;
  // Refusals must leave the owner untouched (asserted), so they can share one; successes get their own.
  let shared: Owner;

  // argon2 is not what this matrix is about; a cheap honest hasher keeps the many fixtures fast.
  before(async () => {
    h = await startHarness({}, { hasher: new CountingHasher() });
    admin = await signedInAdmin(h);
    shared = await ownerWithEverything(h, admin.email);
  });
  after(() => h.close());

  const bodyFor = async (route: Route, owner: Owner): Promise<Record<string, unknown> | undefined> => {
    if (route.path.endsWith('/register')) {
      return { invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password: PASSWORD, display_name: 'New' };
    }
    if (route.path.endsWith('/login')) return { email: owner.email, password: PASSWORD };
    return route.body;
  };

  // Headers are read after the setup: a setup that proves a factor rotates the owner's cookie.
  const call = async (route: Route, owner: Owner, headersOf: () => Record<string, string>, acting = false) => {
    const prepared = route.setup ? await route.setup({ h, adminEmail: admin.email, owner, acting }) : {};
    const headers = headersOf();
    const id = prepared.id ?? (route.path.startsWith('/api/v1/sessions') ? owner.secondSessionId : owner.tokenId);
    const body = prepared.body ?? (await bodyFor(route, owner));
    // A pending login's or a passwordless challenge's cookie goes along with whatever credential is tested.
    const cookie = [(headers as { Cookie?: string }).Cookie, ...(prepared.cookies ?? [])].filter(Boolean).join('; ');
    const path = route.path.replace('{id}', id).replace('{user_id}', prepared.userId ?? owner.userId);
    const req = api(h)[route.method](path).set({ ...headers, ...(cookie ? { Cookie: cookie } : {}) });
    return body ? req.send(body) : req;
  };

  for (const route of ROUTES) {
    for (const credential of CREDENTIALS) {
      const status = expectedStatus(route, credential);
      it(`${label(route)} with ${credential === 'other' ? 'another user\'s cookie' : credential} → ${status}`, async () => {
        const actsAsOwner = (credential === 'cookie' || credential === 'token') && status < 400;
        const owner = actsAsOwner ? await ownerWithEverything(h, admin.email) : shared;
        const other = await registeredMember(h, admin.email);
        const headers = () => ({ none: {}, cookie: asCookie(owner), token: asBearer(owner.apiToken), other: asCookie(other) })[credential];
        const res = await call(route, owner, headers, actsAsOwner);
        expect(res.status).to.equal(status);
        if (status === 401) expect(res.body.code).to.equal('not_authenticated');
        if (status === 403) expect(res.body.code).to.equal('forbidden');
        if (status === 404) expect(res.body.code).to.equal('not_found');
        if (credential === 'other' && route.access !== 'none') {
          // Another user's credential never reveals, nor acts on, the owner's rows.
          for (const id of [owner.userId, owner.secondSessionId, owner.tokenId]) expect(res.text).not.to.include(id);
          if (route.path === '/api/v1/users/me' && status === 200) expect(res.body.id).to.equal(other.userId);
        }
        if (credential === 'none' || credential === 'other' || status >= 400) await expectOwnerUntouched(h, owner);
      });
    }
  }

  for (const route of ROUTES.filter(isMutating)) {
    it(`${label(route)} with the owner's cookie and a foreign Origin → 403 csrf_rejected, nothing done`, async () => {
      const owner = shared;
      const res = await call(route, owner, () => asCookie(owner, 'https://evil.example'));
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('csrf_rejected');
      expect(res.headers['set-cookie']).to.equal(undefined);
      await expectOwnerUntouched(h, owner);
    });
  }
});
