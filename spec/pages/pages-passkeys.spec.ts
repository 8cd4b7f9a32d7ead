import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { addVirtualAuthenticator, startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { ADMIN_EMAIL, startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const exact = { exact: true } as const;

describe('passkeys on the pages, in Chromium with the DevTools virtual authenticator', function () {
  this.timeout(120_000);
  let server: PagesServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startPagesServer();
    browser = await startChromium();
    page = await browser.context.newPage();
    await addVirtualAuthenticator(browser, page);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('adds a named passkey on the account page: recovery codes are shown once, the passkey is listed', async () => {
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await page.getByLabel('Email', exact).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', exact).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.goto(`${server.origin}/gatehouse/account/security`);
    const factor = page.getByRole('region', { name: 'Passkeys', exact: true });
    await factor.getByLabel('Passkey name', exact).fill('Laptop <b>key</b>');
    await factor.getByLabel('Password', exact).fill(PASSWORD);
    await factor.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    await page.waitForURL(`${server.origin}/gatehouse/account/security#second-factor`);
    await page.getByRole('group', { name: 'Recovery codes' }).waitFor();
    expect(await page.getByRole('group', { name: 'Recovery codes' }).getByRole('listitem').count()).to.equal(10);
    expect(await page.getByRole('region', { name: 'Second factor' }).getByText('Laptop <b>key</b>').count()).to.equal(1);
  });

  it('signs in with the passkey alone from the sign-in page, and comes back to return_to', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.goto(`${server.origin}/gatehouse/sign-in?return_to=%2Fgatehouse%2Fadmin%2Fusers`);
    await page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
    await page.waitForURL(`${server.origin}/gatehouse/admin/users`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Administration');
  });

  it('a hostile return_to (our origin, then //host or /..//host) ends the passkey sign-in on our origin', async () => {
    // Were the browser sent away, it would land here rather than wait on DNS.
    await page.route((url) => url.hostname === 'evil.example', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>evil</title>' }));
    for (const hostile of [`${server.origin}//evil.example/`, `${server.origin}/..//evil.example/`, `${server.origin.toUpperCase()}/%2e%2e//evil.example/`]) {
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.goto(`${server.origin}/gatehouse/sign-in?return_to=${encodeURIComponent(hostile)}`);
      await page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/gatehouse/sign-in');
      expect(new URL(page.url()).origin, hostile).to.equal(server.origin);
      expect(new URL(page.url()).pathname, hostile).to.equal('/gatehouse/account');
    }
  });

  it('the passkey script goes only to a path of ours, whatever the button says', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    const button = page.getByRole('button', { name: 'Sign in with a passkey', exact: true });
    await button.evaluate((element) => element.setAttribute('data-return-to', '/..//evil.example/'));
    await button.click();
    await page.waitForURL((url) => url.pathname !== '/gatehouse/sign-in');
    expect(new URL(page.url()).origin).to.equal(server.origin);
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/account');
  });

  it('completes a password sign-in on the second-factor page with "Use a passkey"', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByLabel('Email', exact).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', exact).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/gatehouse\/sign-in\/second-factor/);
    await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
    await page.waitForURL(`${server.origin}/gatehouse/account`);
  });

  it('confirms recent authentication with the passkey on the confirm page', async () => {
    await server.database.db('sessions').update({ second_factor_at: new Date(Date.now() - 3_600_000).toISOString() });
    await page.goto(`${server.origin}/gatehouse/confirm?return_to=%2Fgatehouse%2Fadmin%2Fusers`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Confirm it is you');
    await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
    await page.waitForURL(`${server.origin}/gatehouse/admin/users`);
  });

  it('removes the passkey with its Revoke button and the password', async () => {
    await page.goto(`${server.origin}/gatehouse/account/security`);
    const factor = page.getByRole('region', { name: 'Passkeys', exact: true });
    await factor.getByLabel('Password', exact).fill(PASSWORD);
    await factor.getByRole('button', { name: 'Revoke', exact: true }).click();
    // Removing a passkey asks first, naming it; the second press carries the password.
    expect(await page.getByText('Remove the passkey Laptop <b>key</b>? You can no longer sign in with it.', exact).count()).to.equal(1);
    await page.getByLabel('Password', exact).fill(PASSWORD);
    await page.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    expect(await page.getByRole('status').textContent()).to.contain('The passkey was removed.');
    expect(await page.getByText('No passkeys yet.').count()).to.equal(1);
  });
});
