import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { signInOnPage } from '../support/pages/sign-in-page.js';
import { ADMIN_EMAIL, startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const exact = { exact: true } as const;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const wrongCodeFor = (secret: string): string => {
  const right = new TOTP({ secret: Secret.fromBase32(secret) });
  // A code of no step near now: far in the past, so it matches none of the three accepted steps.
  const stale = right.generate({ timestamp: Date.now() - 86_400_000 });
  return right.validate({ token: stale, window: 1 }) === null ? stale : '000000';
};

// CONTRACT §15 rules 11–13 on the account side: a page per section, results in view, enrolment that forgives.
for (const javaScriptEnabled of [true, false]) {
  describe(`account pages in Chromium, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, function () {
    this.timeout(120_000);
    let server: PagesServer;
    let browser: Browser;
    let page: Page;

    before(async () => {
      server = await startPagesServer();
      browser = await startChromium(undefined, { javaScriptEnabled });
      await browser.context.setExtraHTTPHeaders({ 'User-Agent': FIREFOX_ON_LINUX });
      page = await browser.context.newPage();
      // A second user whose username the admin will try to take.
      const invite = await server.service.useCases.createInviteAsOperator(ADMIN_EMAIL, {});
      const registered = await fetch(`${server.origin}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.origin },
        body: JSON.stringify({ invite_code: invite.code, email: 'bob@example.com', password: PASSWORD, display_name: 'Bob' }),
      });
      expect(registered.status).to.equal(201);
      await server.database.db('users').where({ email: 'bob@example.com' }).update({ username: 'bob' });
      await signInOnPage(page, server.origin);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('the overview says who you are and leads by a menu to a page per section, each with its headings', async () => {
      await page.goto(`${server.origin}/gatehouse/account`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Account');
      expect(await region(page, 'Who you are').textContent()).to.contain(ADMIN_EMAIL).and.contain('Ada Admin');
      expect(await region(page, 'Your second factor').textContent()).to.contain('No second factor yet');
      const pages = [
        ['Profile', '/gatehouse/account/profile', ['Profile', 'Delete account']],
        ['Security', '/gatehouse/account/security', ['Password', 'Second factor']],
        ['Sessions', '/gatehouse/account/sessions', ['Sessions']],
        ['API tokens', '/gatehouse/account/tokens', ['API tokens']],
        ['Applications', '/gatehouse/account/applications', ['Connected applications']],
        ['Activity', '/gatehouse/account/activity', ['Activity']],
      ] as const;
      for (const [link, path, headings] of pages) {
        await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: link, exact: true }).click();
        expect(new URL(page.url()).pathname).to.equal(path);
        for (const heading of headings) expect(await page.getByRole('heading', { level: 2, name: heading, exact: true }).count(), `${heading} on ${path}`).to.equal(1);
        expect(await page.getByRole('link', { name: link, exact: true }).getAttribute('aria-current')).to.equal('page');
      }
    });

    it('a taken username is said beside the field; a free one is saved, the result at the top of Profile', async () => {
      await page.goto(`${server.origin}/gatehouse/account/profile`);
      await page.getByLabel('Username', exact).fill('bob');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      expect(await region(page, 'Profile').getByRole('alert').textContent()).to.contain('Another account has this username.');
      expect(await page.locator('#profile-username-problem').textContent()).to.equal('Another account has this username. Choose another one.');
      expect(await page.getByLabel('Username', exact).inputValue()).to.equal('bob');
      await page.getByLabel('Username', exact).fill('ada');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const url = new URL(page.url());
      expect(url.pathname + url.hash).to.equal('/gatehouse/account/profile#profile');
      expect(await region(page, 'Profile').getByRole('status').textContent()).to.equal('Saved.');
      expect(await page.getByLabel('Username', exact).inputValue()).to.equal('ada');
    });

    it('a wrong set-up code keeps the QR code and the key (in groups of four), with a link for a phone; the right one shows the codes to download', async () => {
      await page.goto(`${server.origin}/gatehouse/account/security`);
      const app = page.getByRole('region', { name: 'Authenticator app', exact: true });
      await app.getByLabel('Password', exact).fill(PASSWORD);
      await app.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
      let url = new URL(page.url());
      expect(url.pathname + url.hash).to.equal('/gatehouse/account/security#second-factor');
      const shown = (await page.getByRole('group', { name: 'Secret key', exact: true }).textContent()) ?? '';
      expect(shown).to.match(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const secret = shown.replace(/\s+/g, '');
      expect(await page.getByRole('link', { name: 'Open in authenticator app', exact: true }).getAttribute('href')).to.match(new RegExp(`^otpauth://totp/Gatehouse:.*secret=${secret}&`));
      // The passkeys have a form of their own: the app's set-up did not share it.
      expect(await page.locator('form').filter({ has: page.getByRole('button', { name: 'Set up an authenticator app' }) }).getByLabel('Passkey name').count()).to.equal(0);

      await page.getByLabel('Code', exact).fill(wrongCodeFor(secret));
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      expect(await region(page, 'Second factor').getByRole('alert').first().textContent()).to.contain('The code is incorrect.');
      expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).to.equal(1);
      expect((await page.getByRole('group', { name: 'Secret key', exact: true }).textContent())?.replace(/\s+/g, '')).to.equal(secret);

      await page.getByLabel('Code', exact).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      url = new URL(page.url());
      expect(url.pathname + url.hash).to.equal('/gatehouse/account/security#second-factor');
      expect(await region(page, 'Second factor').getByRole('status').textContent()).to.equal('Your authenticator app is set up.');
      const codes = await page.getByRole('group', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
      expect(codes).to.have.length(10);
      expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).to.equal(0);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as a text file', exact: true }).click()]);
      expect(download.suggestedFilename()).to.equal('gatehouse-recovery-codes.txt');
      const stream = await download.createReadStream();
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      for (const code of codes) expect(text).to.contain(code.trim());
      expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).to.equal(javaScriptEnabled);
      expect(await page.getByRole('button', { name: 'Copy', exact: true }).isVisible()).to.equal(javaScriptEnabled);
    });

    it('a new token is shown at the top of API tokens, in a read-only field', async () => {
      await page.goto(`${server.origin}/gatehouse/account/tokens`);
      await page.getByLabel('Token name', exact).fill('deploy');
      await page.getByRole('button', { name: 'Create token', exact: true }).click();
      const url = new URL(page.url());
      expect(url.pathname + url.hash).to.equal('/gatehouse/account/tokens#api-tokens');
      expect(await region(page, 'API tokens').getByRole('status').getByLabel('New token', exact).inputValue()).to.match(/^gh_/);
    });

    it('sessions read "Firefox on Linux" with the full string at hand, times in <time datetime>', async () => {
      await page.goto(`${server.origin}/gatehouse/account/sessions`);
      const sessions = region(page, 'Sessions');
      expect(await sessions.locator('summary').first().textContent()).to.equal('Firefox on Linux');
      expect(await sessions.locator('details').first().textContent()).to.contain(FIREFOX_ON_LINUX);
      const time = sessions.locator('time').first();
      expect(Number.isNaN(Date.parse((await time.getAttribute('datetime')) ?? ''))).to.equal(false);
      const text = (await time.textContent()) ?? '';
      // Without JavaScript the server's UTC, labelled; with it the reader's zone (this browser's is UTC too, named by Intl).
      if (javaScriptEnabled) expect(await time.getAttribute('title')).to.match(/UTC$/);
      else expect(text).to.match(/UTC$/);
    });

    it('activity reads as words, never as event codes', async () => {
      await page.goto(`${server.origin}/gatehouse/account/activity`);
      const activity = (await region(page, 'Activity').textContent()) ?? '';
      expect(activity).to.contain('Signed in').and.contain('Authenticator app set up').and.contain('Username changed');
      expect(activity).not.to.match(/login_succeeded|mfa_enabled|username_changed/);
    });
  });
}
