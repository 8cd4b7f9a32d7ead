import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, signedInAdmin, type SignedIn } from '../support/http/users.js';
import request from 'supertest';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';

/** docs/api.md: a path answers only its documented methods; OPTIONS too is 404, and no CORS header is sent. */
describe('HTTP: OPTIONS and other unknown methods', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  before(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  for (const path of ['/api/v1/auth/login', '/api/v1/users/me', `/api/v1/sessions/${ID}`, '/api/v1/healthz', '/api/v1/no-such-route']) {
    it(`OPTIONS ${path}: 404 not_found problem+json, no Allow, no Access-Control-*`, async () => {
      const res = await request(h.app)
        .options(path)
        .set('Origin', 'https://elsewhere.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Cookie', cookieHeader(admin.token));
      expect(res.status).to.equal(404);
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(res.body.code).to.equal('not_found');
      expect(res.headers.allow).to.equal(undefined);
      expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).to.deep.equal([]);
    });
  }

  it('a documented path with an undocumented method is 404 too (PUT /auth/login)', async () => {
    const res = await api(h).put('/api/v1/auth/login').set('Origin', ORIGIN).send({});
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('not_found');
  });
});
