import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { registerPasskey } from '../support/mfa/mfa-users.js';
import { SoftAuthenticator } from '../support/mfa/soft-authenticator.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/**
 * §15 rule 9's last sentence over HTTP, on the suite's engine: a form that carried a password meets
 * the detour (a user with a second factor, its proof stale), is never carried out, and is shown
 * again once confirmed with the rest of its input; the password is kept nowhere.
 */
describe('pages: a form with a password is shown again after the confirm page, the rest of its input kept (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let clock: FixedClock;
  let admin: SignedIn;
  let passkeyId = '';
  let codes: string[] = [];

  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
    // A passkey is the admin's second factor; its recovery codes confirm on the confirm page.
    ({ id: passkeyId, recoveryCodes: codes } = await registerPasskey(h, admin, new SoftAuthenticator(ORIGIN), 'Laptop'));
  });
  afterEach(async () => h?.close());

  const cookies = (who: SignedIn, flash?: string | null) => [cookieHeader(who.token), ...(flash ? [cookieHeader(flash, 'gh_flash')] : [])].join('; ');
  const post = (path: string, who: SignedIn, fields: Record<string, string> = {}) =>
    request(h.app).post(path).set('Origin', ORIGIN).set('Cookie', cookies(who)).type('form').send(form(fields));
  const get = (path: string, who: SignedIn, flash?: string | null) => request(h.app).get(path).set('Cookie', cookies(who, flash));
  // The second factor's proof goes stale in the database, as 16 minutes would leave it.
  const staleProofs = () => h.db('sessions').update({ second_factor_at: new Date(Date.now() - 3_600_000).toISOString() });
  const passkeys = async (): Promise<number> => (await h.db('passkeys').where({ name: 'Laptop' })).length;
  const keptText = async (): Promise<string> => JSON.stringify(await h.db('pending_actions').select('name', 'subject', 'route', 'fields'));

  /** Confirms with a recovery code and goes on with the renewed session; answers the confirmation. */
  const confirm = async (path: string) => {
    const confirmed = await post(path, admin, { code: codes.shift() ?? '' });
    admin.token = sessionCookieOf(confirmed) ?? admin.token;
    return confirmed;
  };

  it('removing a passkey: named on the confirm page, not carried out, then its question again naming the same passkey, the password asked once more', async () => {
    await staleProofs();
    const asked = await post('/gatehouse/account/factors', admin, { confirmed: 'yes', remove_passkey: passkeyId, password: PASSWORD });
    expect(asked.status).to.equal(303);
    const confirmPath = String(asked.headers.location);
    expect(confirmPath).to.match(/^\/gatehouse\/confirm\?/);
    const kept = await keptText();
    expect(kept, 'kept for the session').to.contain(passkeyId);
    expect(kept, 'the password is kept nowhere').not.to.contain(PASSWORD);

    const page = await get(confirmPath, admin);
    expect(page.text).to.contain('Confirm it is you to remove the passkey Laptop');
    expect(page.text).to.contain('type your password there once more');

    const confirmed = await confirm(confirmPath);
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.equal('/gatehouse/account/passkeys/confirm-removal');
    expect(await passkeys(), 'a form without its password is never carried out').to.equal(1);
    expect(await keptText(), 'taken, not left behind').to.equal('[]');
    const flash = sessionCookieOf(confirmed, 'gh_flash');
    expect(flash, 'the kept fields travel sealed').to.be.a('string').and.not.contain(passkeyId);

    const again = await get('/gatehouse/account/passkeys/confirm-removal', admin, flash);
    expect(again.status).to.equal(200);
    expect(again.text).to.contain('Remove the passkey Laptop? You can no longer sign in with it.');
    expect(again.text).to.match(/role="status"[^>]*>Confirmed\. Now enter your password again to finish/);
    expect(again.text).to.contain(`name="remove_passkey" value="${passkeyId}"`);
    expect(again.text).not.to.contain(PASSWORD);

    const removed = await post('/gatehouse/account/factors', admin, { confirmed: 'yes', remove_passkey: passkeyId, password: PASSWORD });
    expect(removed.status).to.equal(303);
    expect(removed.headers.location).to.equal('/gatehouse/account/security#second-factor');
    expect(await passkeys()).to.equal(0);
  });

  it('changing the password: back on the Security page’s Password form, asking for both passwords again; the password is unchanged', async () => {
    await staleProofs();
    const before = (await h.db('users').where({ email: admin.email }).first()).password_hash;
    const asked = await post('/gatehouse/account/password', admin, { username: admin.email, current_password: PASSWORD, new_password: 'a brand new passphrase here' });
    const confirmPath = String(asked.headers.location);
    expect((await get(confirmPath, admin)).text).to.contain('Confirm it is you to change your password');
    expect(await keptText()).not.to.contain('a brand new passphrase here').and.not.to.contain(PASSWORD);

    const confirmed = await confirm(confirmPath);
    expect(confirmed.headers.location).to.equal('/gatehouse/account/security#password');
    expect((await h.db('users').where({ email: admin.email }).first()).password_hash).to.equal(before);
    const again = await get('/gatehouse/account/security', admin, sessionCookieOf(confirmed, 'gh_flash'));
    expect(again.text).to.match(/role="status"[^>]*>Confirmed\. Now enter your current and new password again/);
    expect(again.text).not.to.contain('a brand new passphrase here');
  });

  it('deleting the account and renewing recovery codes come back to their own forms; nothing is done', async () => {
    for (const [route, landing] of [
      ['/gatehouse/account/delete', '/gatehouse/account/delete/confirm'],
      ['/gatehouse/account/recovery-codes', '/gatehouse/account/security#second-factor'],
    ] as const) {
      await staleProofs();
      const asked = await post(route, admin, { confirmed: 'yes', password: PASSWORD });
      const confirmed = await confirm(String(asked.headers.location));
      expect(confirmed.headers.location, route).to.equal(landing);
      const again = await get(landing.split('#', 1)[0] ?? '', admin, sessionCookieOf(confirmed, 'gh_flash'));
      expect(again.text, route).to.contain('Confirmed. Now enter your password again to finish');
    }
    expect(await h.db('users').where({ email: admin.email }), 'the account is still there').to.have.length(1);
    expect(await h.db('recovery_codes'), 'the codes were not renewed').to.have.length(codes.length);
  });

  it('after 15 minutes it is gone: confirming lands on the account page, with nothing to show again', async () => {
    await staleProofs();
    const asked = await post('/gatehouse/account/factors', admin, { confirmed: 'yes', remove_passkey: passkeyId, password: PASSWORD });
    const confirmPath = String(asked.headers.location);
    expect((await get(confirmPath, admin)).text).to.contain('remove the passkey Laptop');

    clock.advance(15 * 60_000 + 1_000);
    await staleProofs();
    const confirmed = await confirm(confirmPath);
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.equal('/gatehouse/account');
    expect(sessionCookieOf(confirmed, 'gh_flash')).to.equal(null);
  });
});
