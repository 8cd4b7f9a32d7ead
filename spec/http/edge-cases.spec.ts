import { expect } from 'chai';
import { DomainError } from '../../src/core/domain/errors.js';
import type { Principal } from '../../src/core/domain/principal.js';
import type { RequestContext } from '../../src/core/use-cases/views.js';
import { aPrincipal } from '../contract/fixtures.js';
import { api } from '../support/http/api.js';
import { ORIGIN, testConfig, withService } from '../support/http/harness.js';
import { stubUseCases } from '../support/http/stub-use-cases.js';

const principal: Principal = aPrincipal('01890a5d-ac96-774b-bcce-b302099a8057');
const user = { id: principal.userId, email: 'ada@example.com', displayName: 'Ada', username: null, createdAt: new Date('2026-11-21T10:00:00Z') };
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('HTTP edge cases on stubbed use cases', () => {
  for (const [path, useCase] of [['login', 'login'], ['register', 'registerWithInvite']] as const) {
    it(`POST /auth/${path} answers 429 too_many_requests with Retry-After`, async () => {
      const throttled = async () => {
        throw new DomainError('too_many_requests', { retryAfterSeconds: 42 });
      };
      const h = withService({ useCases: stubUseCases({ [useCase]: throttled }) }, testConfig());
      const res = await api(h).post(`/api/v1/auth/${path}`).send({ email: 'a@example.com', password: 'x' });
      expect(res.status).to.equal(429);
      expect(res.headers['retry-after']).to.equal('42');
      expect(res.body).to.include({ code: 'too_many_requests', title: 'Too Many Requests' });
    });
  }

  it('answers 500 internal_error carrying only the request id, and logs the stack with it', async () => {
    const failing = async () => {
      throw new Error('SELECT password_hash FROM users -- boom');
    };
    const h = withService({ useCases: stubUseCases({ authenticateSession: async () => ({ principal, session: { token: 't', expiresAt: inAnHour() }, renewed: false }), getMe: failing }) }, testConfig());
    const res = await api(h).get('/api/v1/users/me').set('Cookie', 'gh_session=t');
    expect(res.status).to.equal(500);
    expect(res.body.code).to.equal('internal_error');
    expect(res.body.detail).to.equal(res.headers['x-request-id']);
    expect(res.text).not.to.match(/SELECT|boom|password_hash|at /);
    const logged = h.logs.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(logged.request_id).to.equal(res.headers['x-request-id']);
    expect(logged.err.stack).to.include('boom');
  });

  it('answers 503 {"status":"unavailable"} when the database does not answer', async () => {
    for (const checkHealth of [async () => false, async () => { throw new Error('down'); }]) {
      const h = withService({ useCases: stubUseCases({ checkHealth }) }, testConfig());
      const res = await api(h).get('/api/v1/healthz');
      expect(res.status).to.equal(503);
      expect(res.body).to.deep.equal({ status: 'unavailable' });
    }
  });

  it('re-sends the cookie when the session was renewed, and only then', async () => {
    for (const renewed of [true, false]) {
      const expiresAt = new Date(Date.now() + 7 * 86_400_000);
      const h = withService(
        { useCases: stubUseCases({ authenticateSession: async (token) => ({ principal, session: { token, expiresAt }, renewed }), getMe: async () => user }) },
        testConfig(),
      );
      const res = await api(h).get('/api/v1/users/me').set('Cookie', 'gh_session=abc');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ id: user.id, email: user.email, display_name: 'Ada', username: null, created_at: '2026-11-21T10:00:00.000Z' });
      if (renewed) expect(res.headers['set-cookie']?.[0]).to.match(/^gh_session=abc; HttpOnly; SameSite=Lax; Path=\/; Max-Age=6047\d\d$/);
      else expect(res.headers['set-cookie']).to.equal(undefined);
    }
  });

  describe('client address and user agent', () => {
    const capture = (trustProxy: string) => {
      const seen: RequestContext[] = [];
      const h = withService(
        { useCases: stubUseCases({ login: async (_input, context) => { seen.push(context); throw new DomainError('invalid_credentials'); } }) },
        testConfig({ SERVICE_TRUST_PROXY: trustProxy }),
      );
      const send = () =>
        api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).set('User-Agent', 'probe/1.0').set('X-Forwarded-For', '203.0.113.9, 198.51.100.7').send({});
      return { seen, send };
    };

    it('uses the socket peer and ignores X-Forwarded-For by default', async () => {
      const { seen, send } = capture('0');
      await send();
      expect(seen[0]!.clientAddress).to.match(/127\.0\.0\.1|::1/);
      expect(seen[0]!.userAgent).to.equal('probe/1.0');
    });

    it('believes exactly the configured number of proxy hops', async () => {
      const one = capture('1');
      await one.send();
      expect(one.seen[0]!.clientAddress).to.equal('198.51.100.7');
      const two = capture('2');
      await two.send();
      expect(two.seen[0]!.clientAddress).to.equal('203.0.113.9');
    });

    it('passes the presented cookie to login so the use case can end it', async () => {
      const seen: (RequestContext & { presentedSessionToken: string | null })[] = [];
      const h = withService(
        { useCases: stubUseCases({ login: async (_input, context) => { seen.push(context); throw new DomainError('invalid_credentials'); } }) },
        testConfig(),
      );
      await api(h).post('/api/v1/auth/login').set('Cookie', 'gh_session=planted').send({});
      expect(seen[0]!.presentedSessionToken).to.equal('planted');
    });
  });
});
