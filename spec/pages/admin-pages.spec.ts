import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { signInOnPage } from '../support/pages/sign-in-page.js';
import { ADMIN_EMAIL, startPagesServer, type PagesServer } from '../support/pages/pages-server.js';
import { SIGN_IN } from '../support/unit/memory-ports.js';

const exact = { exact: true } as const;
const MEMBER = 'bob@example.com';
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) });

// The admin's sections on pages of their own, and "are you sure" before what cannot be undone
// (§15 rule 10): with JavaScript on and off, on the suite's engine (SQLite, or PostgreSQL).
for (const javaScriptEnabled of [true, false]) {
  describe(`admin pages in Chromium, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: sections, row actions, asking first`, function () {
    this.timeout(120_000);
    let server: PagesServer;
    let browser: Browser;
    let page: Page;
    let memberId = '';

    const userExists = async (email: string): Promise<boolean> => (await server.database.db('users').where({ email }).first()) !== undefined;

    before(async () => {
      server = await startPagesServer();
      const { code } = await server.service.useCases.createInviteAsOperator(ADMIN_EMAIL, {});
      memberId = (await server.service.useCases.registerWithInvite({ invite_code: code, email: MEMBER, display_name: 'Bob', password: PASSWORD }, SIGN_IN)).user.id;
      browser = await startChromium(undefined, { javaScriptEnabled });
      page = await browser.context.newPage();
      await signInOnPage(page, server.origin);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('/gatehouse/admin goes to the users, and a menu links each section to its page', async () => {
      await page.goto(`${server.origin}/gatehouse/admin`);
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/admin/users');
      const menu = page.getByRole('navigation', { name: 'Administration sections' });
      for (const [name, path] of [
        ['Users', 'users'],
        ['Invites', 'invites'],
        ['Groups', 'groups'],
        ['Applications', 'applications'],
        ['Events', 'events'],
      ]) {
        expect(await menu.getByRole('link', { name, exact: true }).getAttribute('href'), name).to.equal(`/gatehouse/admin/${path}`);
      }
      await menu.getByRole('link', { name: 'Groups', exact: true }).click();
      expect(await page.getByRole('heading', { name: 'Groups', exact: true }).count()).to.equal(1);
    });

    it('rows offer only the actions that apply: no Disable or Delete on one’s own row, no Enable on an enabled user', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users`);
      const own = rowOf(page, ADMIN_EMAIL);
      expect(await own.getByRole('button', { name: 'Disable', exact: true }).count()).to.equal(0);
      expect(await own.getByRole('button', { name: 'Delete', exact: true }).count()).to.equal(0);
      const bob = rowOf(page, MEMBER);
      expect(await bob.getByRole('button', { name: 'Enable', exact: true }).count()).to.equal(0);
      expect(await bob.getByRole('button', { name: 'Disable', exact: true }).count()).to.equal(1);
      expect(await bob.getByRole('button', { name: 'Reset second factor', exact: true }).count(), 'Bob has no second factor').to.equal(0);
    });

    it('each email links to the user’s page: details, the same actions, username and groups', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users`);
      await rowOf(page, MEMBER).getByRole('link', { name: MEMBER, exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal(`/gatehouse/admin/users/${memberId}`);
      const details = region(page, 'Details');
      expect(await details.textContent()).to.contain('Bob');
      expect(await details.getByRole('button', { name: 'Disable', exact: true }).count()).to.equal(1);
      await page.getByRole('textbox', { name: 'Username', exact: true }).fill('bob');
      await page.getByRole('button', { name: 'Set username', exact: true }).click();
      expect(await region(page, 'Details').textContent()).to.contain('bob');
      expect(await page.getByRole('status').textContent()).to.equal('Saved.');
    });

    it('Delete asks first, naming the user; Cancel changes nothing', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users`);
      await rowOf(page, MEMBER).getByRole('button', { name: 'Delete', exact: true }).click();
      expect(await page.getByText(`Delete ${MEMBER}? This cannot be undone.`, exact).count()).to.equal(1);
      expect(await userExists(MEMBER), 'the first press changes nothing').to.equal(true);
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal(`/gatehouse/admin/users/${memberId}`);
      expect(await userExists(MEMBER), 'Cancel changes nothing').to.equal(true);
    });

    it('the second press deletes, and the list says so', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/users/${memberId}`);
      await region(page, 'Details').getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/admin/users');
      expect(await page.getByRole('status').textContent()).to.equal('The user was deleted.');
      expect(await userExists(MEMBER)).to.equal(false);
    });

    it('groups: created, a member added by email and removed, deleted after asking', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/groups`);
      await page.getByLabel('Name', exact).fill('staff');
      await page.getByLabel('Description', exact).fill('People who work here');
      await page.getByRole('button', { name: 'Create group', exact: true }).click();
      const members = region(page, 'Members');
      await members.getByLabel('Email', exact).fill(ADMIN_EMAIL);
      await members.getByRole('button', { name: 'Add member', exact: true }).click();
      expect(await region(page, 'Members').getByRole('link', { name: ADMIN_EMAIL, exact: true }).count()).to.equal(1);
      await region(page, 'Members').getByRole('button', { name: `Remove ${ADMIN_EMAIL}`, exact: true }).click();
      expect(await region(page, 'Members').getByRole('link', { name: ADMIN_EMAIL, exact: true }).count()).to.equal(0);
      await page.getByRole('button', { name: 'Delete group', exact: true }).click();
      expect(await page.getByText('Delete staff? This cannot be undone.', exact).count()).to.equal(1);
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      expect(await server.database.db('groups').where({ name: 'staff' }).first(), 'Cancel keeps the group').to.not.equal(undefined);
      await page.getByRole('button', { name: 'Delete group', exact: true }).click();
      await page.getByRole('button', { name: 'Delete group', exact: true }).click();
      expect(new URL(page.url()).pathname).to.equal('/gatehouse/admin/groups');
      expect(await server.database.db('groups').where({ name: 'staff' }).first()).to.equal(undefined);
    });

    it('events show types in words and users by email, filtered by email', async () => {
      await page.goto(`${server.origin}/gatehouse/admin/events`);
      await page.getByLabel('Email', exact).fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      const table = page.getByRole('table');
      expect(await table.textContent()).to.contain('Signed in');
      expect(await table.textContent()).to.not.contain('login_succeeded');
      expect(await table.getByRole('cell', { name: ADMIN_EMAIL, exact: true }).count()).to.be.greaterThan(0);
    });

    it('deleting one’s own account asks first; Cancel changes nothing', async () => {
      await page.goto(`${server.origin}/gatehouse/account/profile`);
      const section = region(page, 'Delete account');
      await section.getByLabel('Password', exact).fill(PASSWORD);
      await section.getByRole('button', { name: 'Delete my account', exact: true }).click();
      expect(await page.getByText(`Delete ${ADMIN_EMAIL}? This cannot be undone.`, exact).count()).to.equal(1);
      expect(await page.getByLabel('Password', exact).inputValue(), 'a password is never sent back').to.equal('');
      expect(await page.getByRole('link', { name: 'Cancel', exact: true }).getAttribute('href')).to.equal('/gatehouse/account/profile#delete-account');
      expect(await userExists(ADMIN_EMAIL)).to.equal(true);
    });
  });
}
