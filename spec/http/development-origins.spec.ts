import { expect } from 'chai';
import type { Env } from '../../src/config/config.js';
import { api } from '../support/http/api.js';
import { startHarness, type Harness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, sessionCookieOf, uniqueEmail } from '../support/http/users.js';

const PRODUCTION_KEY = 'production-secret-key-for-the-http-tests-0123456789';

/** A harness for the given environment and public URL, with a user signed in from that very origin. */
const signedIn = async (env: Env) => {
  const h = await startHarness(env);
  const origin = h.config.publicOrigin;
  const cookieName = h.config.environment === 'production' ? '__Host-gh_session' : 'gh_session';
  const email = uniqueEmail('origin');
  await h.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Origin' });
  const res = await api(h).post('/api/v1/auth/login').set('Origin', origin).send({ email, password: PASSWORD });
  const cookie = cookieHeader(sessionCookieOf(res, cookieName) ?? '', cookieName);
  const rename = (from: string) =>
    api(h).patch('/api/v1/users/me').set('Cookie', cookie).set('Origin', from).send({ display_name: 'Renamed' });
  const login = (from: string) => api(h).post('/api/v1/auth/login').set('Origin', from).send({ email, password: PASSWORD });
  // Forward auth vouching for a POST the proxy holds: the same Origin rule applies.
  const verifyPost = (from: string) =>
    api(h).get('/api/v1/auth/verify').set('Cookie', cookie).set('X-Forwarded-Method', 'POST').set('Origin', from);
  return { h, rename, login, verifyPost };
};

const refusalLogs = (h: Harness) =>
  h.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.refused === 'csrf_rejected');

describe('HTTP development origins', () => {
  describe('development, SERVICE_PUBLIC_URL=http://localhost:3000 (the default)', () => {
    let h: Harness;
    let rename: (origin: string) => Promise<{ status: number; body: { code?: string }; text: string }>;
    let login: (origin: string) => Promise<{ status: number }>;
    let verifyPost: (origin: string) => Promise<{ status: number }>;
    before(
      async () => ({ h, rename, login, verifyPost } = await signedIn({ SERVICE_ENVIRONMENT: 'development', SERVICE_PUBLIC_URL: 'http://localhost:3000' })),
    );
    after(() => h.close());

    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      it(`accepts a cookie-authenticated change, a login and a forwarded POST from ${origin}`, async () => {
        expect((await rename(origin)).status).to.equal(200);
        expect((await login(origin)).status).to.equal(200);
        expect((await verifyPost(origin)).status).to.equal(204);
      });
    }

    for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://127.0.0.2:3000', 'http://localhost.example.com:3000', 'null']) {
      it(`still refuses ${origin}: another port, scheme or host is another origin`, async () => {
        const res = await rename(origin);
        expect(res.status).to.equal(403);
        expect(res.body.code).to.equal('csrf_rejected');
        expect((await login(origin)).status).to.equal(403);
        expect((await verifyPost(origin)).status).to.equal(403);
      });
    }

    it('logs what it expected and what it received, and keeps both out of the response', async () => {
      const res = await rename('http://evil.example:3000');
      expect(res.status).to.equal(403);
      expect(res.text).not.to.include('evil.example').and.not.to.include('localhost');
      const entry = refusalLogs(h).find((line) => line.received_origin === 'http://evil.example:3000');
      expect(entry).to.include({ level: 40, expected_origin: 'http://localhost:3000' });
      expect(entry?.request_id).to.be.a('string');
      expect(String(entry?.msg)).to.include('SERVICE_PUBLIC_URL');
    });

    it('logs a missing Origin as null', async () => {
      const res = await api(h).post('/api/v1/auth/logout').set('Cookie', 'gh_session=whatever');
      expect(res.status).to.equal(403);
      expect(refusalLogs(h).at(-1)).to.include({ expected_origin: 'http://localhost:3000', received_origin: null });
    });
  });

  it('development with a loopback public URL on IPv6 accepts localhost on the same port', async () => {
    const { h, rename } = await signedIn({ SERVICE_ENVIRONMENT: 'development', SERVICE_PUBLIC_URL: 'http://[::1]:8080' });
    try {
      expect((await rename('http://localhost:8080')).status).to.equal(200);
      expect((await rename('http://localhost:3000')).status).to.equal(403);
    } finally {
      await h.close();
    }
  });

  it('development with a public URL that is not loopback compares exactly', async () => {
    const { h, rename } = await signedIn({ SERVICE_ENVIRONMENT: 'development', SERVICE_PUBLIC_URL: 'http://gatehouse.test:3000' });
    try {
      expect((await rename('http://gatehouse.test:3000')).status).to.equal(200);
      expect((await rename('http://localhost:3000')).status).to.equal(403);
      expect((await rename('http://127.0.0.1:3000')).status).to.equal(403);
    } finally {
      await h.close();
    }
  });

  for (const env of [
    { SERVICE_ENVIRONMENT: 'test', SERVICE_PUBLIC_URL: 'http://localhost:3000' },
    { SERVICE_ENVIRONMENT: 'production', SERVICE_PUBLIC_URL: 'https://localhost:3000', SERVICE_SECRET_KEY: PRODUCTION_KEY },
  ]) {
    it(`${env.SERVICE_ENVIRONMENT} compares exactly, even on loopback`, async () => {
      const { h, rename, login } = await signedIn(env);
      const other = env.SERVICE_PUBLIC_URL.replace('localhost', '127.0.0.1');
      try {
        expect((await rename(env.SERVICE_PUBLIC_URL)).status).to.equal(200);
        expect((await rename(other)).status).to.equal(403);
        expect((await login(other)).status).to.equal(403);
      } finally {
        await h.close();
      }
    });
  }
});
