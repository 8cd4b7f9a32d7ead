import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { totpCode } from '../support/mfa/mfa-users.js';
import { SoftAuthenticator } from '../support/mfa/soft-authenticator.js';
import { signInOnPage } from '../support/pages/sign-in-page.js';
import { ADMIN_EMAIL, startPagesServer, type PagesServer } from '../support/pages/pages-server.js';
import { CONTEXT, SIGN_IN } from '../support/unit/memory-ports.js';

const exact = { exact: true } as const;
const MEMBER = 'bob@example.com';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * A user's page as an admin reads it (its second factors one by one, its sessions in words), and the
 * edit pages of OpenID clients and forward-auth rules: with JavaScript on and off, in Chromium, on
 * the suite's engine (SQLite, or PostgreSQL with GATEHOUSE_TEST_ENGINE=postgres).
 */
for (const javaScriptEnabled of [true, false]) {
  describe(`admin user page and application edit pages in Chromium, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, function () {
    this.timeout(120_000);
    let server: PagesServer;
    let browser: Browser;
    let page: Page;
    let memberId = '';
    let staffId = '';

    /** Bob signs up in Firefox on Linux, adds a passkey named "Bob’s laptop", then an authenticator app (and so recovery codes). */
    const memberWithFactors = async (): Promise<string> => {
      const { useCases } = server.service;
      const { code } = await useCases.createInviteAsOperator(ADMIN_EMAIL, {});
      const registered = await useCases.registerWithInvite({ invite_code: code, email: MEMBER, display_name: 'Bob', password: PASSWORD }, { ...SIGN_IN, userAgent: FIREFOX });
      let token = registered.session.token;
      const principal = async () => (await useCases.authenticateSession(token, { ...CONTEXT, userAgent: FIREFOX })).principal;
      const options = await useCases.passkeyRegistrationOptions(await principal(), { password: PASSWORD });
      token = (await useCases.registerPasskey(await principal(), { name: 'Bob’s laptop', response: new SoftAuthenticator(server.origin).register(options) })).session.token;
      const { secret } = await useCases.enrolTotp(await principal(), { password: PASSWORD });
      await useCases.confirmTotp(await principal(), { code: totpCode(secret, new Date()) });
      return registered.user.id;
    };

    before(async () => {
      server = await startPagesServer();
      memberId = await memberWithFactors();
      staffId = (await server.service.useCases.createGroup('operator', { name: 'staff' })).id;
      browser = await startChromium(undefined, { javaScriptEnabled });
      page = await browser.context.newPage();
      await signInOnPage(page, server.origin);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('a user’s page lists the second factors one by one and the sessions in words, with <time> and the agent as sent', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users/${memberId}`);
      const factors = region(page, 'Second factors');
      const factorText = (await factors.textContent()) ?? '';
      expect(factorText).to.match(/Authenticator app\s*Set up/);
      expect(factorText).to.contain('Recovery codes10 left');
      expect(await factors.getByRole('listitem').filter({ hasText: 'Bob’s laptop' }).textContent()).to.match(/Added .+ · never used/);
      expect(await factors.locator('time[datetime]').count(), 'the app’s date and the passkey’s').to.equal(2);

      const sessions = region(page, 'Sessions');
      expect(await sessions.getByRole('listitem').count(), 'the sign-up session, once').to.equal(1);
      const agent = sessions.locator('details.agent');
      expect(await agent.locator('summary').textContent()).to.equal('Firefox on Linux');
      expect(await agent.locator('.hint').textContent(), 'the string as sent, one click away').to.equal(FIREFOX);
      expect(await sessions.textContent()).to.contain('with a second factor');
      const started = sessions.locator('time[datetime]').first();
      expect(Number.isNaN(Date.parse((await started.getAttribute('datetime')) ?? ''))).to.equal(false);
      // local-time.js rewrites the text in the reader's zone and keeps the UTC text as the title.
      if (javaScriptEnabled) expect(await started.getAttribute('title'), 'rewritten by local-time.js').to.match(/ UTC$/);
      else expect([await started.getAttribute('title'), await started.textContent()], 'in UTC, labelled').to.satisfy(([title, text]: [string | null, string]) => title === null && / UTC$/.test(text));

      const details = region(page, 'Details');
      expect(await details.getByRole('button', { name: 'Reset second factor', exact: true }).count(), 'Bob has a factor to reset').to.equal(1);
      expect(await details.getByRole('button', { name: 'Enable', exact: true }).count(), 'Bob is enabled').to.equal(0);
    });

    it('the admin’s own page marks its own session and offers neither Disable nor Delete', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users`);
      await page.getByRole('link', { name: ADMIN_EMAIL, exact: true }).click();
      expect(await region(page, 'Sessions').textContent()).to.contain('(This session)');
      expect(await region(page, 'Second factors').textContent()).to.contain('Not set up');
      expect(await region(page, 'Second factors').textContent()).to.contain('No passkeys.');
      const details = region(page, 'Details');
      for (const name of ['Disable', 'Delete', 'Reset second factor']) expect(await details.getByRole('button', { name, exact: true }).count(), name).to.equal(0);
    });

    it('resetting the second factor asks first, then the list is empty and says so', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users/${memberId}`);
      await region(page, 'Details').getByRole('button', { name: 'Reset second factor', exact: true }).click();
      expect(await page.getByText(/^Reset the second factor of bob@example\.com\?/).count()).to.equal(1);
      await page.getByRole('button', { name: 'Reset second factor', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal(`/gatehouse/admin/users/${memberId}`);
      expect(await page.getByRole('status').textContent()).to.equal('Done.');
      const factors = (await region(page, 'Second factors').textContent()) ?? '';
      expect(factors).to.contain('Not set up');
      expect(factors).to.contain('No passkeys.');
      expect(factors).to.contain('Recovery codesNone');
    });

    it('an OpenID client’s edit page: filled in, a refused change writes nothing, a saved one lands with “Saved.”', async () => {
      const { useCases } = server.service;
      const { client } = await useCases.createOidcClient('operator', { name: 'Grafana', redirect_uris: ['http://localhost:3001/cb'], type: 'confidential' });
      await page.goto(`${server.origin}/gatehouse/admin/applications`);
      await page.getByRole('link', { name: 'Edit Grafana', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal(`/gatehouse/admin/applications/clients/${client.clientId}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Edit OpenID client');
      expect(await page.getByLabel('Client name', exact).inputValue()).to.equal('Grafana');
      expect(await page.getByLabel('Redirect URIs', exact).inputValue()).to.equal('http://localhost:3001/cb');
      expect(await page.getByText(client.clientId, exact).count(), 'the client id, which does not change').to.equal(1);

      await page.getByLabel('Redirect URIs', exact).fill('not an address');
      await page.getByLabel('Require a second factor', exact).check();
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      expect(await page.getByRole('alert').textContent()).to.contain('Redirect URIs: ');
      expect(await page.getByLabel('Redirect URIs', exact).getAttribute('aria-invalid')).to.equal('true');
      expect(await page.getByLabel('Require a second factor', exact).isChecked(), 'what was entered is kept').to.equal(true);
      const unchanged = await useCases.getOidcClient('operator', client.clientId);
      expect([unchanged.redirectUris, unchanged.requireMfa], 'nothing written').to.deep.equal([['http://localhost:3001/cb'], false]);

      await page.getByLabel('Client name', exact).fill('Grafana (staff)');
      await page.getByLabel('Redirect URIs', exact).fill('http://localhost:3001/cb http://localhost:3002/cb');
      await page.getByLabel('staff', exact).check();
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal(`/gatehouse/admin/applications/clients/${client.clientId}`);
      expect(await page.getByRole('status').textContent()).to.equal('Saved.');
      const saved = await useCases.getOidcClient('operator', client.clientId);
      expect([saved.name, saved.redirectUris, saved.requireMfa, saved.allowedGroups]).to.deep.equal([
        'Grafana (staff)',
        ['http://localhost:3001/cb', 'http://localhost:3002/cb'],
        true,
        [staffId],
      ]);

      // An unticked box is a change too: the form says everything it shows.
      await page.getByLabel('Require a second factor', exact).uncheck();
      await page.getByLabel('staff', exact).uncheck();
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      const cleared = await useCases.getOidcClient('operator', client.clientId);
      expect([cleared.requireMfa, cleared.allowedGroups]).to.deep.equal([false, []]);
    });

    it('a forward-auth rule’s edit page: a taken host and prefix are refused with nothing written; a change is saved', async () => {
      const { useCases } = server.service;
      const rule = await useCases.createForwardAuthRule('operator', { host: 'app.example.com' });
      await useCases.createForwardAuthRule('operator', { host: 'wiki.example.com', path_prefix: '/admin' });
      await page.goto(`${server.origin}/gatehouse/admin/applications`);
      await page.getByRole('link', { name: 'Edit app.example.com/', exact: true }).click();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Edit forward-auth rule');
      expect(await page.getByLabel('Host', exact).inputValue()).to.equal('app.example.com');
      expect(await page.getByLabel('Path prefix', exact).inputValue()).to.equal('/');

      await page.getByLabel('Host', exact).fill('wiki.example.com');
      await page.getByLabel('Path prefix', exact).fill('/admin');
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      expect(await page.getByRole('alert').textContent()).to.contain('Path prefix: ');
      expect(await page.getByLabel('Host', exact).inputValue(), 'what was entered is kept').to.equal('wiki.example.com');
      const unchanged = await useCases.getForwardAuthRule('operator', rule.id);
      expect([unchanged.host, unchanged.pathPrefix], 'nothing written').to.deep.equal(['app.example.com', '/']);

      await page.getByLabel('Path prefix', exact).fill('/docs');
      await page.getByLabel('Require a second factor', exact).check();
      await page.getByLabel('staff', exact).check();
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal(`/gatehouse/admin/applications/rules/${rule.id}`);
      expect(await page.getByRole('status').textContent()).to.equal('Saved.');
      const saved = await useCases.getForwardAuthRule('operator', rule.id);
      expect([saved.host, saved.pathPrefix, saved.requireMfa, saved.allowedGroups]).to.deep.equal(['wiki.example.com', '/docs', true, [staffId]]);

      await page.getByRole('link', { name: 'Back to applications', exact: true }).click();
      const rules = region(page, 'Forward-auth rules');
      expect(await rules.getByRole('link', { name: 'Edit wiki.example.com/docs', exact: true }).count(), 'the list shows the change').to.equal(1);
    });

    it('a rule’s creation says so at the top of the rules, where the page lands', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/applications`);
      const rules = region(page, 'Forward-auth rules');
      await rules.getByLabel('Host', exact).fill('new.example.com');
      await rules.getByRole('button', { name: 'Create rule', exact: true }).click();
      expect(new URL(page.url()).hash).to.equal('#forward-auth');
      expect(await region(page, 'Forward-auth rules').getByRole('status').textContent()).to.equal('The rule was created.');
      expect(await region(page, 'OpenID clients').getByRole('status').count()).to.equal(0);
    });
  });
}
