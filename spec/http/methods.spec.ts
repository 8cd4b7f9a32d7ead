import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import type { RunningServer } from '../../src/web/server.js';
import { exchange, listenOnLoopback } from '../support/http/raw-socket.js';
import { cookieHeader, signedInAdmin, type SignedIn } from '../support/http/users.js';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';

/** docs/api.md: a path answers only its documented methods; OPTIONS too is 404, and no CORS header is sent. */
describe('HTTP: OPTIONS and other unknown methods', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  let server: RunningServer;
  before(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
    server = await listenOnLoopback(h.app); // OPTIONS is no method of the documented API client (api.ts)
  });
  after(async () => {
    await server.shutdown();
    await h.close();
  });

  for (const path of ['/api/v1/auth/login', '/api/v1/users/me', `/api/v1/sessions/${ID}`, '/api/v1/healthz', '/api/v1/no-such-route']) {
    it(`OPTIONS ${path}: 404 not_found problem+json, no Allow, no Access-Control-*`, async () => {
      const preflight = `OPTIONS ${path} HTTP/1.1\r\nHost: x\r\nOrigin: https://elsewhere.example\r\n` +
        `Access-Control-Request-Method: POST\r\nCookie: ${cookieHeader(admin.token)}\r\nConnection: close\r\n\r\n`;
      const res = await exchange(server.address.port, preflight);
      expect(res.status).to.equal(404);
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(JSON.parse(res.body).code).to.equal('not_found');
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
