import { expect } from 'chai';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { reserveApachePort, startApacheRelyingParty, type ApacheRelyingParty } from '../support/oidc/apache-rp.js';
import { startGatehouseForRelyingParties, type GatehouseForRelyingParties } from '../support/oidc/gatehouse-for-relying-parties.js';

const EMAIL = 'ada@example.com';
const OUTSIDER = 'bob@example.com';
const WAIT = { timeout: 30_000 };

// A second, independent relying party: Debian's Apache with mod_auth_openidc, running the site of
// docs/examples/oidc/apache-mod-auth-openidc.conf, with a client registered the way an operator does.
describe(`Apache with mod_auth_openidc signs its visitors in with Gatehouse (${ENGINE_LABEL})`, function () {
  this.timeout(120_000);
  let gatehouse: GatehouseForRelyingParties;
  let apache: ApacheRelyingParty;
  let browser: Browser;

  before(async () => {
    gatehouse = await startGatehouseForRelyingParties();
    await gatehouse.createUser(EMAIL, 'Ada Lovelace');
    await gatehouse.createUser(OUTSIDER, 'Bob Outsider');
    await gatehouse.run('groups', 'create', '--name', 'staff');
    await gatehouse.run('groups', 'add-member', '--name', 'staff', '--email', EMAIL);
    const { port, redirectUri } = await reserveApachePort();
    const client = await gatehouse.registerClient('Wiki', redirectUri);
    apache = await startApacheRelyingParty({ issuerOrigin: gatehouse.origin, port, clientId: client.client_id, clientSecret: client.client_secret });
    browser = await startChromium();
  });
  after(async () => {
    await browser?.close();
    await apache?.stop();
    await gatehouse?.stop();
  });

  it('sends a visitor of /private/ to Gatehouse, which signs it in, asks consent and shows the page with its claims', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${apache.url}/private/`);
    expect(new URL(page.url()).origin, await apache.errorLog()).to.equal(gatehouse.origin);

    await page.getByLabel('Email', { exact: true }).fill(EMAIL, WAIT);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('button', { name: 'Allow', exact: true }).waitFor(WAIT);
    expect(await page.textContent('main')).to.include('Wiki');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();

    await page.waitForURL(`${apache.url}/private/`, WAIT).catch(async (error: unknown) => {
      throw new Error(`not back on the protected page (${page.url()}):\n${await apache.errorLog()}`, { cause: error });
    });
    const claims = {
      email: await page.textContent('#email'),
      email_verified: await page.textContent('#email_verified'),
      name: await page.textContent('#name'),
      sub: await page.textContent('#sub'),
      remote_user: await page.textContent('#remote_user'),
    };
    expect(claims).to.include({ email: EMAIL, email_verified: '0', name: 'Ada Lovelace' });
    expect(claims.sub).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(claims.remote_user, 'REMOTE_USER is the sub (OIDCRemoteUserClaim sub)').to.equal(claims.sub);
    await page.close();
  });

  it('lets the visitor in again without a prompt while its sessions last, and shuts out a browser without them', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${apache.url}/private/`);
    expect(await page.textContent('#email')).to.equal(EMAIL);
    await page.close();

    const stranger = await startChromium();
    try {
      const other = await stranger.context.newPage();
      await other.goto(`${apache.url}/private/`);
      expect(new URL(other.url()).origin).to.equal(gatehouse.origin);
      expect(await other.locator('#email').count()).to.equal(0);
    } finally {
      await stranger.close();
    }
  });

  it('admits a member of the group staff to "Require claim groups:staff" and refuses another signed-in user with 403', async () => {
    const page = await browser.context.newPage();
    const member = await page.goto(`${apache.url}/private/staff/`);
    expect(member?.status(), await apache.errorLog()).to.equal(200);
    expect(await page.textContent('#email')).to.equal(EMAIL);
    await page.close();

    const other = await startChromium();
    try {
      const visitor = await other.context.newPage();
      await visitor.goto(`${apache.url}/private/staff/`);
      await visitor.getByLabel('Email', { exact: true }).fill(OUTSIDER, WAIT);
      await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
      const refused = visitor.waitForResponse((response) => response.url() === `${apache.url}/private/staff/`, WAIT);
      await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
      await visitor.getByRole('button', { name: 'Allow', exact: true }).click(WAIT);
      expect((await refused).status(), await apache.errorLog()).to.equal(403);
      expect(await visitor.locator('#email').count()).to.equal(0);
    } finally {
      await other.close();
    }
  });
});
