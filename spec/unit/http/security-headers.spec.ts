import { expect } from 'chai';
import request from 'supertest';
import { startHarness, type DatabaseHarness } from '../../support/http/harness.js';

const PRODUCTION = {
  SERVICE_ENVIRONMENT: 'production',
  SERVICE_PUBLIC_URL: 'https://id.example.com',
  SERVICE_SECRET_KEY: 'a-production-secret-key-of-at-least-32-characters',
};

describe('security headers in production', () => {
  let t: DatabaseHarness;
  before(async () => (t = await startHarness(PRODUCTION, {}, undefined, { throttled: true })));
  after(() => t.close());

  it('sends HSTS, a deny-all CSP, no-store and no X-Powered-By, on errors as well as successes', async () => {
    for (const res of [await request(t.app).get('/api/v1/healthz'), await request(t.app).get('/api/v1/users/me')]) {
      expect(res.headers['strict-transport-security']).to.equal('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).to.equal("default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'");
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.headers).not.to.have.property('x-powered-by');
    }
  });

  it('serves neither the docs page nor the OpenAPI document', async () => {
    expect((await request(t.app).get('/api/v1/docs')).status).to.equal(404);
    expect((await request(t.app).get('/api/v1/openapi.json')).status).to.equal(404);
  });
});

/** Every header but the per-request and per-body ones, by name: what helmet and no-store add. */
const fixedHeaders = (headers: Record<string, string>): Record<string, string> => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, 'content-length': _length, etag: _etag, ...rest } = headers;
  return rest;
};

describe('security headers, computed once at start-up', () => {
  let t: DatabaseHarness;
  before(async () => (t = await startHarness(PRODUCTION, {}, undefined, { throttled: true })));
  after(() => t.close());

  it('are exactly the headers helmet set on every request, on a success and on a 404', async () => {
    const helmetHeaders = {
      'content-security-policy': "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'cache-control': 'no-store',
    };
    const ok = await request(t.app).get('/api/v1/healthz');
    expect(fixedHeaders(ok.headers as Record<string, string>)).to.deep.equal({ ...helmetHeaders, 'content-type': 'application/json; charset=utf-8' });
    const missing = await request(t.app).get('/api/v1/nowhere');
    expect(fixedHeaders(missing.headers as Record<string, string>)).to.deep.equal({ ...helmetHeaders, 'content-type': 'application/problem+json; charset=utf-8' });
  });
});
