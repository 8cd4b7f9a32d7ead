import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { enrolTotp, passwordStep } from '../support/mfa/mfa-users.js';
import { hostileReturnTo, landsOnOrigin } from '../support/pages/hostile-return-to.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';

const RUNS = 150;

/** The passkey button's data-return-to, as the browser script reads it (empty, rendered bare: the account page). */
const passkeyLanding = (html: string): string => {
  const match = /data-return-to(?:="([^"]*)")?[\s>]/.exec(html);
  if (!match) throw new Error('no passkey button on the page');
  const value = (match[1] ?? '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return value === '' ? '/gatehouse/account' : value;
};

const withReturnTo = (path: string, returnTo: string): string => `${path}?return_to=${encodeURIComponent(returnTo)}`;

/**
 * Every place that reads return_to, fed the same hostile forms: wherever the browser is sent (a
 * 303's Location, a passkey button's landing) is a path of ours, resolving to the public origin.
 */
describe('return_to at every reader: the landing is always on the public origin (fast-check, SQLite and PostgreSQL)', function () {
  this.timeout(120_000);
  let h: DatabaseHarness;
  let signingIn: SignedIn;
  let confirming: SignedIn;
  let pending: string;

  before(async () => {
    h = await startHarness({}, { hasher: new CountingHasher() });
    // One user signs in again and again (its oldest sessions give way); another keeps a fresh session.
    signingIn = await signedInAdmin(h);
    confirming = await signedInAdmin(h);
    const member = await signedInAdmin(h);
    await enrolTotp(h, member, new Date());
    pending = await passwordStep(h, member.email);
  });
  after(async () => h?.close());

  const check = async (label: string, landingFor: (returnTo: string) => Promise<string>) => {
    await fc.assert(
      fc.asyncProperty(hostileReturnTo(ORIGIN), async (returnTo) => {
        const landing = await landingFor(returnTo);
        expect(landsOnOrigin(landing, ORIGIN), `${label}: ${JSON.stringify(returnTo)} -> ${landing}`).to.equal(true);
      }),
      { numRuns: RUNS },
    );
  };

  it('the sign-in POST answers 303 to a path of ours', async () => {
    await check('sign-in', async (returnTo) => {
      const res = await request(h.app)
        .post(withReturnTo('/gatehouse/sign-in', returnTo))
        .set('Origin', ORIGIN)
        .type('form')
        .send(new URLSearchParams({ email: signingIn.email, password: PASSWORD }).toString());
      expect(res.status).to.equal(303);
      return String(res.headers.location);
    });
  });

  it('the confirm page with a fresh proof answers 303 to a path of ours, by GET and by POST', async () => {
    /** Past the confirm page, not sent to sign in: the session was good. */
    const confirmed = (res: request.Response): string => {
      expect(res.status).to.equal(303);
      expect(String(res.headers.location)).not.to.match(/^\/gatehouse\/sign-in/);
      return String(res.headers.location);
    };
    await check('confirm', async (returnTo) => confirmed(await request(h.app).get(withReturnTo('/gatehouse/confirm', returnTo)).set('Cookie', cookieHeader(confirming.token))));
    await check('confirm POST', async (returnTo) => {
      const res = await request(h.app)
        .post(withReturnTo('/gatehouse/confirm', returnTo))
        .set('Origin', ORIGIN)
        .set('Cookie', cookieHeader(confirming.token))
        .type('form')
        .send(new URLSearchParams({ password: PASSWORD }).toString());
      // A step-up may rotate the session: carry on with the cookie it sets.
      confirming.token = sessionCookieOf(res) ?? confirming.token;
      return confirmed(res);
    });
  });

  it('the passkey buttons of the sign-in and second-factor pages land on a path of ours', async () => {
    await check('sign-in page', async (returnTo) => {
      const res = await request(h.app).get(withReturnTo('/gatehouse/sign-in', returnTo));
      expect(res.status).to.equal(200);
      return passkeyLanding(res.text);
    });
    await check('second-factor page', async (returnTo) => {
      const res = await request(h.app).get(withReturnTo('/gatehouse/sign-in/second-factor', returnTo)).set('Cookie', `gh_mfa=${pending}`);
      expect(res.status).to.equal(200);
      return passkeyLanding(res.text);
    });
  });
});
