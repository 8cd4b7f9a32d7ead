import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { setUpAuthenticatorApp, signInOnPage } from '../support/pages/sign-in-page.js';
import { startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const ADA = 'ada@example.com';
const exact = { exact: true } as const;

// §15 rule 9 in a browser, with JavaScript on and off, on the suite's engine: a stale proof's detour loses nothing.
for (const javaScriptEnabled of [true, false]) {
  describe(`pages in Chromium, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: confirming carries the interrupted form out`, function () {
    this.timeout(120_000);
    let server: PagesServer;
    let browser: Browser;
    let page: Page;
    let adaId = '';

    // The proof goes stale in the database, as 16 minutes without a sign-in would leave it.
    const staleProofs = () => server.database.db('sessions').update({ authenticated_at: new Date(Date.now() - 3_600_000).toISOString() });
    const confirmWithPassword = async (sentence: string) => {
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/confirm');
      expect(await page.getByText(sentence, exact).count(), 'the confirm page names the action').to.equal(1);
      await page.getByLabel('Password', exact).fill(PASSWORD);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    };

    before(async () => {
      server = await startPagesServer();
      // A second admin, so that disabling it is allowed (never the last admin).
      adaId = (await server.service.useCases.createAdmin({ email: ADA, password: PASSWORD, display_name: 'Ada' })).id;
      browser = await startChromium(undefined, { javaScriptEnabled });
      page = await browser.context.newPage();
      await signInOnPage(page, server.origin);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('disables the user the admin pressed Disable for, after naming it, and shows that user', async () => {
      await staleProofs();
      await page.goto(`${server.origin}/gatehouse/admin/users/${adaId}`);
      await page.getByRole('button', { name: 'Disable', exact: true }).click();
      await confirmWithPassword(`Confirm it is you to disable ${ADA}`);
      await page.waitForURL(`${server.origin}/gatehouse/admin/users/${adaId}#details`);
      expect(await page.getByRole('button', { name: 'Enable', exact: true }).count(), 'the user is disabled now').to.equal(1);
      expect(await page.getByRole('status').first().textContent()).to.be.a('string').and.not.equal('');
    });

    it('creates the token the form asked for and shows its secret once', async () => {
      await staleProofs();
      await page.goto(`${server.origin}/gatehouse/account/tokens`);
      await page.getByLabel('Token name', exact).fill('deploy bot');
      await page.getByRole('button', { name: 'Create token', exact: true }).click();
      await confirmWithPassword('Confirm it is you to create the API token deploy bot');
      await page.waitForURL(/\/gatehouse\/account/);
      expect(await page.getByLabel('New token', exact).inputValue()).to.have.length.greaterThan(20);
      expect(await page.getByText('deploy bot').count()).to.be.greaterThan(0);
    });

    // Last: it gives the admin a second factor, which puts the password forms behind the confirm page.
    it('a form with a password comes back after confirming, asking for the password once more, and is done only then', async () => {
      const codes = await setUpAuthenticatorApp(page, server.origin);
      const app = page.getByRole('region', { name: 'Authenticator app', exact: true });
      const secondFactorStale = () => server.database.db('sessions').update({ second_factor_at: new Date(Date.now() - 3_600_000).toISOString() });
      const confirmWithCode = async (sentence: string) => {
        expect(new URL(page.url()).pathname).to.equal('/gatehouse/confirm');
        expect(await page.getByText(sentence, exact).count(), 'the confirm page names the form').to.equal(1);
        await page.getByLabel('Code', exact).fill(codes.shift() ?? '');
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      };

      await secondFactorStale();
      const renew = page.getByRole('region', { name: 'Recovery codes', exact: true });
      await renew.getByLabel('Password', exact).fill(PASSWORD);
      await renew.getByRole('button', { name: 'New recovery codes', exact: true }).click();
      await confirmWithCode('Confirm it is you to make new recovery codes');
      await page.waitForURL(`${server.origin}/gatehouse/account/security#second-factor`);
      expect(await renew.getByRole('status').textContent()).to.equal('Confirmed. Now enter your password again to finish: Gatehouse never keeps it.');
      expect(await renew.getByLabel('Password', exact).inputValue(), 'never filled in').to.equal('');
      expect(await page.getByRole('group', { name: 'Recovery codes' }).count(), 'not done before the password').to.equal(0);
      await renew.getByLabel('Password', exact).fill(PASSWORD);
      await renew.getByRole('button', { name: 'New recovery codes', exact: true }).click();
      const renewed = (await page.getByRole('group', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((code) => code.trim());
      expect(renewed).to.have.length(10);
      codes.splice(0, codes.length, ...renewed);

      // The authenticator app's removal asks first; the question comes back, the password asked once more.
      await secondFactorStale();
      await app.getByRole('button', { name: 'Remove authenticator app', exact: true }).click();
      await page.getByLabel('Password', exact).fill(PASSWORD);
      await page.getByRole('button', { name: 'Remove authenticator app', exact: true }).click();
      await confirmWithCode('Confirm it is you to remove the authenticator app');
      await page.waitForURL(`${server.origin}/gatehouse/account/totp/confirm-removal`);
      expect(await page.getByRole('status').textContent()).to.contain('Now enter your password again');
      expect(await page.getByText('Remove the authenticator app? Its codes stop working.', exact).count()).to.equal(1);
      expect(await server.database.db('totp_factors').count({ n: '*' }).first(), 'still there').to.satisfy((row: { n: number | string }) => Number(row.n) === 1);
      await page.getByLabel('Password', exact).fill(PASSWORD);
      await page.getByRole('button', { name: 'Remove authenticator app', exact: true }).click();
      expect(await page.getByRole('status').textContent()).to.contain('removed');
      expect(await server.database.db('pending_actions').select('fields'), 'nothing kept').to.deep.equal([]);
    });
  });
}

