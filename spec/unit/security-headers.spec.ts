import { expect } from 'chai';
import request from 'supertest';
import { startApp, type AppUnderTest } from '../throttle/app-under-test.js';

const PRODUCTION = {
  SERVICE_ENVIRONMENT: 'production',
  SERVICE_PUBLIC_URL: 'https://id.example.com',
  SERVICE_SECRET_KEY: 'a-production-secret-key-of-at-least-32-characters',
};

describe('security headers in production', () => {
  let t: AppUnderTest;
  before(async () => (t = await startApp(PRODUCTION)));
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
