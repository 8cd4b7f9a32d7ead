import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { startHarness, type Harness } from '../support/http/harness.js';
import { compileEveryDocumentedSchema } from '../support/http/openapi-conformance.js';
import { PASSWORD, cookieHeader, createToken, signedInAdmin } from '../support/http/users.js';

describe('HTTP platform: health, docs, headers, logs', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('GET /healthz answers 200 {"status":"ok"}', async () => {
    const res = await api(h).get('/api/v1/healthz');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok' });
  });

  it('sets X-Request-Id, Cache-Control: no-store, nosniff, a CSP, no X-Powered-By and no HSTS outside production', async () => {
    const res = await api(h).get('/api/v1/healthz');
    expect(res.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.headers['content-security-policy']).to.include("default-src 'none'");
    expect(res.headers).not.to.have.property('x-powered-by');
    expect(res.headers).not.to.have.property('strict-transport-security');
    const other = await api(h).get('/api/v1/healthz');
    expect(other.headers['x-request-id']).not.to.equal(res.headers['x-request-id']);
  });

  it('serves Swagger UI at /docs and /docs/ with assets that load under its CSP', async () => {
    for (const path of ['/api/v1/docs', '/api/v1/docs/']) {
      const res = await api(h).get(path);
      expect(res.status, path).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.text).to.include('/api/v1/docs/swagger-ui-bundle.js');
      expect(res.headers['content-security-policy']).to.include("script-src 'self'");
    }
    const init = await api(h).get('/api/v1/docs/swagger-ui-init.js');
    expect(init.status).to.equal(200);
    expect(init.text).to.include('"openapi": "3.1.0"');
    expect((await api(h).get('/api/v1/docs/swagger-ui-bundle.js')).status).to.equal(200);
  });

  it('serves an OpenAPI 3.1 document covering every route of the contract', async () => {
    const res = await api(h).get('/api/v1/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body.openapi).to.equal('3.1.0');
    expect(res.body.paths).to.include.all.keys(
      '/api/v1/healthz',
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/users/me',
      '/api/v1/users/me/password',
      '/api/v1/sessions',
      '/api/v1/sessions/{id}',
      '/api/v1/sessions/revoke-others',
      '/api/v1/tokens',
      '/api/v1/tokens/{id}',
      '/api/v1/invites',
    );
    expect(res.body.components.securitySchemes).to.have.all.keys('cookieAuth', 'bearerAuth');
    expect(res.body.components.schemas).to.include.all.keys('UserOut', 'SessionOut', 'ApiTokenOut', 'InviteCreated', 'Problem');
    expect(res.body.components.schemas.UserOut.properties).not.to.have.property('role');
    expect(compileEveryDocumentedSchema()).to.be.greaterThan(40);
  });

  it('logs one line per request with id, route, status and duration, and no secrets', async () => {
    const admin = await signedInAdmin(h);
    const token = await createToken(h, admin);
    const res = await api(h).get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
    const line = h.logs.map((raw) => JSON.parse(raw)).find((entry) => entry.request_id === res.headers['x-request-id']);
    expect(line).to.include({ method: 'GET', route: '/api/v1/users/me', status: 200 });
    expect(line.duration_ms).to.be.a('number');
    const all = h.logs.join('\n');
    for (const secret of [token, admin.token, PASSWORD]) expect(all).not.to.include(secret);
    expect(all).not.to.include(cookieHeader(admin.token));
  });
});
