import { expect } from 'chai';
import type express from 'express';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { api } from '../support/http/api.js';
import { countLookups, type CountedLookups } from '../support/http/counted-lookups.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, createToken, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';

const LANES = ['lean', 'chain'] as const;

describe('the API resolves a request’s credential with one lookup (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let counted: CountedLookups;
  let apps: Record<(typeof LANES)[number], express.Express>;
  let member: SignedIn;
  let token: string;

  before(async () => {
    h = await startHarness();
    member = await registeredMember(h, (await signedInAdmin(h)).email);
    token = await createToken(h, member);
    counted = countLookups(h.useCases);
    const appOf = (leanLane: boolean) => createApp({ useCases: counted.useCases, config: h.config, logger: createLogger('silent'), clock: h.service.ports.clock, leanLane });
    apps = { lean: appOf(true), chain: appOf(false) };
  });
  after(async () => h?.close());

  for (const lane of LANES) {
    const cookie = () => ({ Cookie: cookieHeader(member.token), Origin: ORIGIN });
    const cases = [
      { what: 'GET /api/v1/users/me with the cookie', path: '/api/v1/users/me', headers: cookie, status: 200 },
      { what: 'GET /api/v1/auth/verify (forward auth) with the cookie', path: '/api/v1/auth/verify', headers: cookie, status: 204 },
      { what: 'GET /api/v1/sessions with the cookie', path: '/api/v1/sessions', headers: cookie, status: 200 },
    ];
    for (const { what, path, headers, status } of cases) {
      it(`${lane} lane: ${what} looks the session up once`, async () => {
        const counts = await counted.during(async () => expect((await api({ app: apps[lane] }).get(path).set(headers())).status).to.equal(status));
        expect(counts).to.deep.equal({ authenticateSession: 1, authenticateApiToken: 0, describeSignIn: 0 });
      });
    }

    it(`${lane} lane: a Bearer token on GET /api/v1/users/me looks the token up once and no session`, async () => {
      const counts = await counted.during(async () => expect((await api({ app: apps[lane] }).get('/api/v1/users/me').set('Authorization', `Bearer ${token}`)).status).to.equal(200));
      expect(counts).to.deep.equal({ authenticateSession: 0, authenticateApiToken: 1, describeSignIn: 0 });
    });
  }
});
