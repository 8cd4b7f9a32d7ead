import { expect } from 'chai';
import type express from 'express';
import request from 'supertest';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { countLookups, type CountedLookups } from '../support/http/counted-lookups.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, signedInAdmin, type SignedIn } from '../support/http/users.js';

describe('the pages resolve a request’s session with one lookup (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let counted: CountedLookups;
  let app: express.Express;
  let admin: SignedIn;

  before(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
    counted = countLookups(h.useCases);
    app = createApp({ useCases: counted.useCases, config: h.config, logger: createLogger('silent'), clock: h.service.ports.clock });
  });
  after(async () => h?.close());

  const cases = [
    { what: 'GET /gatehouse/account', path: '/gatehouse/account', status: 200 },
    { what: 'GET /gatehouse/admin/users', path: '/gatehouse/admin/users', status: 200 },
    { what: 'GET /gatehouse/sign-in, already signed in (skips ahead)', path: '/gatehouse/sign-in', status: 303 },
    { what: 'GET /, signed in', path: '/', status: 303 },
  ];
  for (const { what, path, status } of cases) {
    it(`${what} looks the session up once`, async () => {
      const counts = await counted.during(async () => expect((await request(app).get(path).set('Cookie', cookieHeader(admin.token))).status).to.equal(status));
      expect(counts).to.deep.equal({ authenticateSession: 1, authenticateApiToken: 0, describeSignIn: 0 });
    });
  }
});
