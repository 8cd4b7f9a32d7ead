import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { axeViolations, describeViolations } from '../support/pages/axe.js';
import { setUpAuthenticatorApp } from '../support/pages/sign-in-page.js';
import { ADMIN_EMAIL, startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const exact = { exact: true } as const;

/** Where axe runs: a phone and a desktop, each in both colour schemes. */
const AUDITED = [390, 1280].flatMap((width) => (['light', 'dark'] as const).map((colorScheme) => ({ width, colorScheme })));
/** Where nothing may scroll sideways: the narrowest phone (WCAG 1.4.10) and 1280 px at 200 % zoom. */
const REFLOW_WIDTHS = [320, 640];
const HEIGHT = 800;

describe('pages pass axe-core (WCAG 2.2 A and AA) in every state — signed out, signed in, as an admin, with errors shown — at 390 and 1280 px in light and dark, and fit 320 and 640 px without sideways scrolling', function () {
  this.timeout(240_000);
  let server: PagesServer;
  let browser: Browser;
  /** The member's own window, beside the admin's (no cookies in common). */
  let member: Browser | undefined;
  let page: Page;

  /** The colour the page is painted on, for telling the schemes apart. */
  const background = (): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  /** The page as it is now, at every width and scheme; left at 1280 px light for the next step. */
  const audit = async (what: string): Promise<void> => {
    const backgrounds: Record<string, string> = {};
    for (const { width, colorScheme } of AUDITED) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.emulateMedia({ colorScheme });
      const violations = await axeViolations(page);
      expect(violations, `${what} at ${width} px, ${colorScheme} (${page.url()}):\n${describeViolations(violations)}`).to.deep.equal([]);
      backgrounds[colorScheme] = await background();
    }
    expect(backgrounds.dark, `${what}: the dark scheme has a palette of its own`).not.to.equal(backgrounds.light);
    for (const width of REFLOW_WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${what} at ${width} px scrolls sideways (${page.url()})`).to.be.at.most(width);
    }
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.locator('html').getAttribute('lang'), what).to.be.oneOf(['en', 'de']);
    expect(await page.getByRole('heading', { level: 1 }).count(), `${what}: one h1`).to.equal(1);
    expect(await page.title(), `${what}: the service in the title`).to.match(/ — Gatehouse$/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href'), `${what}: a favicon`).to.equal('/gatehouse/assets/favicon.svg');
  };

  before(async () => {
    server = await startPagesServer();
    browser = await startChromium();
    page = await browser.context.newPage();
  });
  after(async () => {
    await member?.close();
    await browser?.close();
    await server?.close();
  });

  it('the favicon is an SVG of our own origin', async () => {
    const response = await fetch(`${server.origin}/gatehouse/assets/favicon.svg`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('image/svg+xml');
    expect(await response.text()).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('the audit itself finds what it should: an unlabelled field and a page without a language', async () => {
    await page.setContent('<html><head><title>x</title></head><body><main><input type="text"></main></body></html>');
    const found = (await axeViolations(page)).map((violation) => violation.id);
    expect(found).to.include.members(['label', 'html-has-lang']);
  });

  it('signed out: sign in, register, recover; and each with its errors shown', async () => {
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await audit('sign-in');
    await page.getByLabel('Email', exact).fill('someone@example.com');
    await page.getByLabel('Password', exact).fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await audit('sign-in refused');

    await page.goto(`${server.origin}/gatehouse/register`);
    await audit('register');
    // Values the browser's own checks let through, so the server's refusal is what is shown.
    await page.getByLabel('Invite code', exact).fill('unknown');
    await page.getByLabel('Email', exact).fill('someone@example.com');
    await page.getByLabel('Display name', exact).fill('Someone');
    await page.getByLabel('Password', exact).fill('short');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    expect(await page.locator('[aria-invalid="true"]').count()).to.be.greaterThan(0);
    await audit('register refused');

    await page.goto(`${server.origin}/gatehouse/recover`);
    await audit('recover');
    await page.getByLabel('Email', exact).fill('someone@example.com');
    await page.getByLabel('Recovery code', exact).fill('AAAAAA-AAAAAA-AAAAAA-AAAAAA');
    await page.getByLabel('New password', exact).fill('a long enough new password');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await audit('recover refused');

    await page.goto(`${server.origin}/gatehouse/nothing-here`);
    await audit('not found');
  });

  it('signed in as an admin: account, admin, confirm; and refused forms on them', async () => {
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await page.getByLabel('Email', exact).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', exact).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await audit('account overview');
    for (const section of ['profile', 'security', 'sessions', 'applications', 'activity']) {
      await page.goto(`${server.origin}/gatehouse/account/${section}`);
      await audit(`account ${section}`);
    }

    await page.goto(`${server.origin}/gatehouse/account/tokens`);
    await audit('account tokens');
    await page.getByRole('region', { name: 'API tokens' }).getByRole('button', { name: 'Create token', exact: true }).click();
    await audit('account with a refused token form');
    await page.getByRole('region', { name: 'API tokens' }).getByLabel('Token name', exact).fill('ci');
    await page.getByRole('region', { name: 'API tokens' }).getByRole('button', { name: 'Create token', exact: true }).click();
    await audit('account with a new token shown');

    await page.goto(`${server.origin}/gatehouse/account/security`);
    const app = page.getByRole('region', { name: 'Authenticator app' });
    await app.getByLabel('Password', exact).fill(PASSWORD);
    await app.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
    await audit('account during authenticator set-up');
    await page.getByLabel('Code', exact).fill('000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await audit('account with a wrong set-up code');

    await page.goto(`${server.origin}/gatehouse/admin`);
    await audit('admin users');
    await page.getByRole('row').filter({ hasText: ADMIN_EMAIL }).getByRole('link', { name: ADMIN_EMAIL, exact: true }).click();
    await audit('admin user page');
    await page.goto(`${server.origin}/gatehouse/admin/groups`);
    await page.getByLabel('Name', exact).fill('staff');
    await page.getByRole('button', { name: 'Create group', exact: true }).click();
    await audit('admin group page');
    await page.getByRole('button', { name: 'Delete group', exact: true }).click();
    await audit('are you sure');
    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await page.goto(`${server.origin}/gatehouse/admin/groups`);
    await audit('admin groups');
    // Admin edit pages: an OpenID client's (fresh, and with a refused change) and a forward-auth rule's; the list then has their rows.
    const { client } = await server.service.useCases.createOidcClient('operator', { name: 'Grafana', redirect_uris: ['http://localhost:3001/cb'], type: 'confidential' });
    const rule = await server.service.useCases.createForwardAuthRule('operator', { host: 'app.example.com' });
    await page.goto(`${server.origin}/gatehouse/admin/applications/clients/${client.clientId}`);
    await audit('admin OpenID client edit page');
    await page.getByLabel('Redirect URIs', exact).fill('not an address');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await audit('admin OpenID client edit page with a refused change');
    await page.goto(`${server.origin}/gatehouse/admin/applications/rules/${rule.id}`);
    await audit('admin forward-auth rule edit page');
    await page.goto(`${server.origin}/gatehouse/admin/applications`);
    await audit('admin applications');
    await page.goto(`${server.origin}/gatehouse/admin/events`);
    await audit('admin events');
    await page.goto(`${server.origin}/gatehouse/admin/invites`);
    await page.getByLabel('Uses', exact).fill('0');
    await page.getByRole('button', { name: 'Create invite', exact: true }).click();
    await audit('admin with a refused invite form');
    await page.getByLabel('Uses', exact).fill('2');
    await page.getByRole('button', { name: 'Create invite', exact: true }).click();
    await audit('admin with a new invite link');
    // A value shown once wraps in its field, so a phone shows all of it, not a field's width of it.
    await page.setViewportSize({ width: 390, height: HEIGHT });
    const link = page.getByLabel('Invite link', exact);
    const fits = await link.evaluate((field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight);
    expect(await link.inputValue()).to.match(/\/gatehouse\/register\?invite=/);
    expect(fits, 'the invite link shows whole at 390 px').to.equal(true);
    await page.setViewportSize({ width: 1280, height: HEIGHT });

    await page.goto(`${server.origin}/gatehouse/confirm?return_to=/gatehouse/admin`);
    // A fresh proof goes straight on; the page itself is audited through a stale one below.
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/admin/users');
  });

  it('the confirm page and a member’s 403 page', async () => {
    // A member: registered from an invite the admin made through the use cases.
    const admin = await server.service.useCases.createInviteAsOperator(ADMIN_EMAIL, {});
    member = await startChromium();
    const memberPage = await member.context.newPage();
    await memberPage.context().clearCookies();
    await memberPage.goto(`${server.origin}/gatehouse/register?invite=${admin.code}`);
    await memberPage.getByLabel('Email', exact).fill('member@example.com');
    await memberPage.getByLabel('Display name', exact).fill('Member');
    await memberPage.getByLabel('Password', exact).fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Create account', exact: true }).click();
    page = memberPage;
    await page.goto(`${server.origin}/gatehouse/admin`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Not allowed');
    await audit('403');

    // Recent authentication lapses after 15 minutes; a stale proof is made by moving it back.
    await server.database.db('sessions').update({ authenticated_at: new Date(Date.now() - 3_600_000).toISOString() });
    await page.goto(`${server.origin}/gatehouse/confirm?return_to=/gatehouse/account`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Confirm it is you');
    await audit('confirm');
    await page.getByLabel('Password', exact).fill('not my password');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await audit('confirm refused');

    // A form that met the stale proof waits, named on the confirm page (rule 9).
    await page.goto(`${server.origin}/gatehouse/account/tokens`);
    await page.getByLabel('Token name', exact).fill('ci');
    await page.getByRole('button', { name: 'Create token', exact: true }).click();
    expect(await page.getByText('Confirm it is you to create the API token ci', exact).count()).to.equal(1);
    await audit('confirm naming a pending action');
  });

  it('forms shown again after the detour: a password form with its status line, and the are-you-sure page with one', async () => {
    // The member of the test before (still signed in on `page`) sets up the app: a form with a
    // password is kept only for a user with a second factor, and shown again once confirmed.
    const codes = await setUpAuthenticatorApp(page, server.origin);
    const app = page.getByRole('region', { name: 'Authenticator app', exact: true });
    const confirmStale = async () => {
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/confirm');
      await page.getByLabel('Code', exact).fill(codes.shift() ?? '');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    };
    const secondFactorStale = () => server.database.db('sessions').update({ second_factor_at: new Date(Date.now() - 3_600_000).toISOString() });

    await secondFactorStale();
    const password = page.getByRole('region', { name: 'Password', exact: true });
    await password.getByLabel('Current password', exact).fill(PASSWORD);
    await password.getByLabel('New password', exact).fill('another long password');
    await password.getByRole('button', { name: 'Change password', exact: true }).click();
    await confirmStale();
    await page.waitForURL(`${server.origin}/gatehouse/account/security#password`);
    expect(await password.getByRole('status').textContent()).to.match(/^Confirmed\. Now enter your current/);
    await audit('a password form shown again after the detour');

    await secondFactorStale();
    await app.getByRole('button', { name: 'Remove authenticator app', exact: true }).click();
    await page.getByLabel('Password', exact).fill(PASSWORD);
    await page.getByRole('button', { name: 'Remove authenticator app', exact: true }).click();
    await confirmStale();
    await page.waitForURL(`${server.origin}/gatehouse/account/totp/confirm-removal`);
    expect(await page.getByRole('status').textContent()).to.contain('enter your password again');
    await audit('the are-you-sure page shown again after the detour, with its status');
  });
});
