import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, signedInAdmin, type SignedIn } from '../support/http/users.js';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const SECRET = 'ghs_pastedTokenThatMustNotBeLogged0123456789abcdef';

/** The access log names a request by its route template, failed or not; an unmatched one by a fixed label. */
describe('HTTP: the access log names routes, never raw paths', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  before(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const lineOf = (requestId: string): Record<string, unknown> =>
    h.logs.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request' && entry.request_id === requestId)!;

  const cases: [string, () => ReturnType<ReturnType<typeof api>['get']>, number, string][] = [
    ['a failed login', () => api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: 'x@example.com', password: 'wrong' }), 401, '/api/v1/auth/login'],
    ['a refused body', () => api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({}), 422, '/api/v1/auth/login'],
    ['a success', () => api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(admin.token)), 200, '/api/v1/users/me'],
    ['an unknown id', () => api(h).delete(`/api/v1/sessions/${ID}`).set('Origin', ORIGIN).set('Cookie', cookieHeader(admin.token)), 404, '/api/v1/sessions/{id}'],
    ['a missing credential', () => api(h).delete(`/api/v1/tokens/${ID}`).set('Origin', ORIGIN), 401, '/api/v1/tokens/{id}'],
    ['an unmatched path holding a token', () => api(h).get(`/api/v1/users/${SECRET}`), 404, 'unmatched'],
    ['an 8 KB path', () => api(h).get(`/api/v1/${'a'.repeat(8000)}`), 404, 'unmatched'],
  ];
  for (const [what, call, status, route] of cases) {
    it(`${what}: route ${route}`, async () => {
      const res = await call();
      expect(res.status).to.equal(status);
      const line = lineOf(res.headers['x-request-id'] as string);
      expect(line.route).to.equal(route);
    });
  }

  it('no line carries the pasted token, and no line is longer than 1 KB', () => {
    expect(h.logs.filter((line) => line.includes(SECRET))).to.deep.equal([]);
    expect(Math.max(...h.logs.map((line) => line.length))).to.be.below(1024);
  });
});
