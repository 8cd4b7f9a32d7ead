import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { ADMIN_EMAIL, startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const USER_EMAIL = 'reader@example.com';
const HOSTILE_NAME = '<script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">';

const exact = { exact: true } as const;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const codeFor = (secret: string): string => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();

const signIn = async (page: Page, origin: string, email: string, password = PASSWORD): Promise<void> => {
  await page.goto(`${origin}/gatehouse/sign-in`);
  await page.getByLabel('Email', exact).fill(email);
  await page.getByLabel('Password', exact).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

// The same flows with JavaScript on and off: every action is a plain form first.
for (const javaScriptEnabled of [true, false]) {
  describe(`pages in Chromium, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: a person uses Gatehouse with a browser only`, function () {
    this.timeout(120_000);
    let server: PagesServer;
    let browser: Browser;
    let guest: Browser;
    let page: Page;
    let userPage: Page;
    let inviteLink = '';
    let recoveryCodes: string[] = [];
    const foreignRequests: string[] = [];

    const watch = (context: BrowserContext) =>
      context.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(server.origin) && !url.startsWith('data:')) foreignRequests.push(url);
      });

    before(async () => {
      server = await startPagesServer();
      browser = await startChromium(undefined, { javaScriptEnabled });
      watch(browser.context);
      page = await browser.context.newPage();
      // A second browser profile is the "private window" the invited person registers in.
      guest = await startChromium(undefined, { javaScriptEnabled });
      watch(guest.context);
    });
    after(async () => {
      await browser?.close();
      await guest?.close();
      await server?.close();
    });

    it('GET / sends a signed-out browser to the sign-in page', async () => {
      await page.goto(`${server.origin}/`);
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/sign-in');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Sign in');
    });

    it('a wrong password shows the form again with the email kept, the password empty and one alert', async () => {
      await signIn(page, server.origin, ADMIN_EMAIL, 'not the password at all');
      expect(await page.getByRole('alert').first().textContent()).to.contain('The email or password is incorrect.');
      expect(await page.getByLabel('Email', exact).inputValue()).to.equal(ADMIN_EMAIL);
      expect(await page.getByLabel('Password', exact).inputValue()).to.equal('');
    });

    it('signs the admin in and lands on the account page', async () => {
      await signIn(page, server.origin, ADMIN_EMAIL);
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/account');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Account');
      // Each section on its page of the account's menu (docs/pages.md).
      for (const [path, heading] of [['profile', 'Profile'], ['security', 'Password'], ['security', 'Second factor'], ['sessions', 'Sessions'], ['tokens', 'API tokens'], ['activity', 'Activity'], ['profile', 'Delete account']]) {
        await page.goto(`${server.origin}/gatehouse/account/${path}`);
        expect(await page.getByRole('heading', { name: heading, exact: true }).count(), heading).to.equal(1);
      }
    });

    it('the admin creates an invite and sees its link once', async () => {
      await page.goto(`${server.origin}/gatehouse/admin`);
      await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Invites', exact: true }).click();
      const invites = region(page, 'Invites');
      await invites.getByLabel('Uses', exact).fill('1');
      await invites.getByLabel('Days valid', exact).fill('7');
      await invites.getByRole('button', { name: 'Create invite', exact: true }).click();
      inviteLink = await page.getByLabel('Invite link', exact).inputValue();
      expect(inviteLink).to.match(new RegExp(`^${server.origin}/gatehouse/register\\?invite=[A-Za-z0-9_-]+$`));
      await page.reload();
      expect(await page.getByLabel('Invite link', exact).count(), 'shown once').to.equal(0);
    });

    it('the invited person registers from the link in another profile, with a hostile display name shown as text', async () => {
      userPage = await guest.context.newPage();
      await userPage.goto(inviteLink);
      expect(await userPage.getByLabel('Invite code', exact).inputValue()).to.equal(new URL(inviteLink).searchParams.get('invite'));
      await userPage.getByLabel('Email', exact).fill(USER_EMAIL);
      await userPage.getByLabel('Display name', exact).fill(HOSTILE_NAME);
      await userPage.getByLabel('Password', exact).fill(PASSWORD);
      await userPage.getByRole('button', { name: 'Create account', exact: true }).click();
      expect(new URL(userPage.url()).pathname).to.equal('/gatehouse/account');
      await userPage.getByRole('link', { name: 'Profile', exact: true }).click();
      expect(await region(userPage, 'Profile').getByLabel('Display name', exact).inputValue()).to.equal(HOSTILE_NAME);
      expect(await userPage.evaluate(() => (window as unknown as { __owned?: number }).__owned ?? 0)).to.equal(0);
    });

    it('sets up an authenticator app: a QR code, the key as text, a code confirms it, recovery codes shown once', async () => {
      await userPage.goto(`${server.origin}/gatehouse/account/security`);
      const factor = region(userPage, 'Authenticator app');
      await factor.getByLabel('Password', exact).fill(PASSWORD);
      await factor.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
      expect(await userPage.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).to.match(/^data:image\/svg\+xml;base64,/);
      const secret = ((await userPage.getByLabel('Secret key', exact).textContent()) ?? '').replace(/\s+/g, '');
      expect(secret).to.match(/^[A-Z2-7]{16,}$/);
      await region(userPage, 'Second factor').getByLabel('Code', exact).fill(codeFor(secret));
      await region(userPage, 'Second factor').getByRole('button', { name: 'Confirm', exact: true }).click();
      const codes = userPage.getByRole('group', { name: 'Recovery codes' }).getByRole('listitem');
      recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
      expect(recoveryCodes).to.have.length(10);
      expect(await userPage.getByText('Authenticator app: on.').count()).to.equal(1);
      await userPage.reload();
      expect(await userPage.getByRole('group', { name: 'Recovery codes' }).count(), 'shown once').to.equal(0);
    });

    it('signs out, then signs in again through the second-factor page with a recovery code', async () => {
      await userPage.getByRole('button', { name: 'Sign out', exact: true }).click();
      expect(new URL(userPage.url()).pathname).to.equal('/gatehouse/sign-in');
      await signIn(userPage, server.origin, USER_EMAIL);
      expect(new URL(userPage.url()).pathname).to.equal('/gatehouse/sign-in/second-factor');
      await userPage.getByLabel('Code', exact).fill('000000');
      await userPage.getByRole('button', { name: 'Verify', exact: true }).click();
      expect(await userPage.getByRole('alert').first().textContent()).to.contain('The code is incorrect.');
      expect(await userPage.getByLabel('Code', exact).inputValue(), 'a code is never shown again').to.equal('');
      await userPage.getByLabel('Code', exact).fill(recoveryCodes[0]!);
      await userPage.getByRole('button', { name: 'Verify', exact: true }).click();
      expect(new URL(userPage.url()).pathname).to.equal('/gatehouse/account');
    });

    it('creates an API token (the secret shown once in a read-only field) and revokes it', async () => {
      await userPage.goto(`${server.origin}/gatehouse/account/tokens`);
      const tokens = region(userPage, 'API tokens');
      await tokens.getByLabel('Token name', exact).fill('<img src=x onerror="window.__owned = 3">');
      await tokens.getByRole('button', { name: 'Create token', exact: true }).click();
      const secret = userPage.getByLabel('New token', exact);
      expect(await secret.inputValue()).to.match(/^gh_pat_/);
      expect(await secret.getAttribute('readonly')).to.not.equal(null);
      expect(await region(userPage, 'API tokens').getByText('<img src=x onerror="window.__owned = 3">').count()).to.equal(1);
      await region(userPage, 'API tokens').getByRole('button', { name: 'Revoke', exact: true }).click();
      expect(await userPage.getByRole('status').textContent()).to.contain('The token was revoked.');
      expect(await region(userPage, 'API tokens').getByRole('button', { name: 'Revoke', exact: true }).count()).to.equal(0);
      expect(await userPage.evaluate(() => (window as unknown as { __owned?: number }).__owned ?? 0)).to.equal(0);
    });

    it('the admin finds the user by email prefix and disables it: the user is signed out at its next page', async () => {
      await page.goto(`${server.origin}/gatehouse/admin`);
      await page.getByLabel('Search by email', exact).fill('reader');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const row = page.getByRole('row').filter({ hasText: USER_EMAIL });
      expect(await row.count()).to.equal(1);
      expect(await row.getByRole('cell').allTextContents()).to.include(HOSTILE_NAME);
      await row.getByRole('button', { name: 'Disable', exact: true }).click();
      // The result lands on the user's own page, at the top of its details.
      expect(await region(page, 'Details').getByText('Disabled', exact).count()).to.equal(1);
      await userPage.reload();
      expect(new URL(userPage.url()).pathname).to.equal('/gatehouse/sign-in');
      expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned ?? 0)).to.equal(0);
    });

    it('no page asked for anything from another origin', () => {
      expect(foreignRequests).to.deep.equal([]);
    });
  });
}
