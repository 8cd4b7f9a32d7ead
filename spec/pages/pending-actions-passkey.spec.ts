import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { addVirtualAuthenticator, startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { signInOnPage } from '../support/pages/sign-in-page.js';
import { startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const ADA = 'ada@example.com';
const exact = { exact: true } as const;

// §15 rule 9 with a passkey on the confirm page (JavaScript on: passkeys need it), on the suite's
// engine: the proof goes through the JSON API, and the waiting form is carried out all the same.
describe('pages in Chromium: confirming with a passkey carries the interrupted form out, once', function () {
  this.timeout(120_000);
  let server: PagesServer;
  let browser: Browser;
  let page: Page;
  let adaId = '';

  // Both proofs go stale in the database, as 16 minutes without a sign-in would leave them.
  const staleProofs = () => {
    const old = new Date(Date.now() - 3_600_000).toISOString();
    return server.database.db('sessions').update({ authenticated_at: old, second_factor_at: old });
  };
  const confirmWithPasskey = async (sentence: string) => {
    await page.waitForURL((url) => url.pathname === '/gatehouse/confirm');
    expect(await page.getByText(sentence, exact).count(), 'the confirm page names the action').to.equal(1);
    await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
  };

  before(async () => {
    server = await startPagesServer();
    adaId = (await server.service.useCases.createAdmin({ email: ADA, password: PASSWORD, display_name: 'Ada' })).id;
    browser = await startChromium();
    page = await browser.context.newPage();
    await addVirtualAuthenticator(browser, page);
    await signInOnPage(page, server.origin);
    await page.goto(`${server.origin}/gatehouse/account/security`);
    const passkeys = page.getByRole('region', { name: 'Passkeys', exact: true });
    await passkeys.getByLabel('Passkey name', exact).fill('Laptop');
    await passkeys.getByLabel('Password', exact).fill(PASSWORD);
    await passkeys.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    await page.getByRole('group', { name: 'Recovery codes' }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('disables the user the admin pressed Disable for and lands on that user', async () => {
    await staleProofs();
    await page.goto(`${server.origin}/gatehouse/admin/users/${adaId}`);
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await confirmWithPasskey(`Confirm it is you to disable ${ADA}`);
    await page.waitForURL(`${server.origin}/gatehouse/admin/users/${adaId}#details`);
    expect(await page.getByRole('button', { name: 'Enable', exact: true }).count(), 'the user is disabled now').to.equal(1);
    expect((await server.database.db('users').where({ email: ADA }).first()).disabled_at).to.not.equal(null);
    expect(await server.database.db('pending_actions').select('name'), 'carried out once, not left behind').to.deep.equal([]);
  });

  it('creates the token the form asked for and shows its secret once', async () => {
    await staleProofs();
    await page.goto(`${server.origin}/gatehouse/account/tokens`);
    await page.getByLabel('Token name', exact).fill('deploy bot');
    await page.getByRole('button', { name: 'Create token', exact: true }).click();
    await confirmWithPasskey('Confirm it is you to create the API token deploy bot');
    await page.waitForURL(`${server.origin}/gatehouse/account/tokens#api-tokens`);
    expect(await page.getByLabel('New token', exact).inputValue()).to.match(/^gh_/);
    expect(await server.database.db('api_tokens').where({ name: 'deploy bot' })).to.have.length(1);
  });

  it('adding a passkey with a stale proof keeps the typed name across the confirm page, and asks only for the password again', async () => {
    await staleProofs();
    await page.goto(`${server.origin}/gatehouse/account/security`);
    const passkeys = page.getByRole('region', { name: 'Passkeys', exact: true });
    await passkeys.getByLabel('Passkey name', exact).fill('Phone');
    await passkeys.getByLabel('Password', exact).fill(PASSWORD);
    await passkeys.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    await confirmWithPasskey('Confirm it is you to add a passkey');
    await page.waitForURL(`${server.origin}/gatehouse/account/security#second-factor`);
    const again = page.getByRole('region', { name: 'Passkeys', exact: true });
    expect(await again.getByLabel('Passkey name', exact).inputValue(), 'the name typed before the detour').to.equal('Phone');
    expect(await again.getByLabel('Password', exact).inputValue(), 'the password is never kept').to.equal('');
    expect(await again.getByRole('status').textContent()).to.match(/password/i);
    expect(await server.database.db('passkeys').where({ name: 'Phone' }), 'nothing added before the password is typed again').to.have.length(0);

    // (Pressing Add again goes to the authenticator, which already holds this user's passkey and
    // declines a second one: the flow after this point is the one `before` walks.)
    expect(await server.database.db('pending_actions').select('name'), 'nothing left waiting').to.deep.equal([]);
  });

  it('with nothing waiting, the passkey goes on to return_to as before', async () => {
    await staleProofs();
    await page.goto(`${server.origin}/gatehouse/confirm?return_to=%2Fgatehouse%2Faccount%2Fsessions`);
    await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
    await page.waitForURL(`${server.origin}/gatehouse/account/sessions`);
    expect(await server.database.db('api_tokens').where({ name: 'deploy bot' }), 'nothing done twice').to.have.length(1);
  });
});
