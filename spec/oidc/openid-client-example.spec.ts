import { expect } from 'chai';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { reserveExamplePort, startExampleApp, type ExampleApp } from '../support/oidc/example-app.js';
import { startGatehouseForRelyingParties, type GatehouseForRelyingParties } from '../support/oidc/gatehouse-for-relying-parties.js';

const EMAIL = 'grace@example.com';
const WAIT = { timeout: 30_000 };

// docs/examples/oidc/sign-in-with-gatehouse.mjs, run as it is against a Gatehouse server, with
// Chromium as the person and a client registered with `gatehouse oidc-clients create`.
describe(`the openid-client example application signs its users in with Gatehouse (${ENGINE_LABEL})`, function () {
  this.timeout(120_000);
  let gatehouse: GatehouseForRelyingParties;
  let app: ExampleApp;
  let browser: Browser;

  before(async () => {
    gatehouse = await startGatehouseForRelyingParties();
    await gatehouse.createUser(EMAIL, 'Grace Hopper');
    const { url, redirectUri } = await reserveExamplePort();
    const client = await gatehouse.registerClient('My app', redirectUri);
    app = await startExampleApp({ url, issuer: gatehouse.issuer, clientId: client.client_id, clientSecret: client.client_secret });
    browser = await startChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await gatehouse?.stop();
  });

  it('signs a person in through discovery, code with PKCE, the callback and userinfo, and shows who it is', async () => {
    const page = await browser.context.newPage();
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
    const authorization = new URL(page.url());
    expect(authorization.origin).to.equal(gatehouse.origin);

    await page.getByLabel('Email', { exact: true }).fill(EMAIL, WAIT);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Allow', exact: true }).click(WAIT);

    await page.getByRole('heading', { name: 'Signed in with Gatehouse' }).waitFor(WAIT).catch((error: unknown) => {
      throw new Error(`not signed in at ${page.url()}:\n${app.output()}`, { cause: error });
    });
    expect(new URL(page.url()).origin).to.equal(app.url);
    const shown = Object.fromEntries(
      await Promise.all(['sub', 'email', 'email_verified', 'name', 'amr'].map(async (id) => [id, await page.textContent(`#${id}`)] as const)),
    );
    expect(shown).to.include({ email: EMAIL, email_verified: 'false', name: 'Grace Hopper', amr: 'pwd' });
    expect(shown.sub).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await page.close();
  });
});
