import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { CHROMIUM_PATH, startChromium, type Browser } from '../support/browser/chromium.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { axeViolations, describeViolations } from '../support/pages/axe.js';
import { CookieJar } from '../support/oidc/headless-flow.js';
import { createMember, exact, registerClient, signInOnPage, startOidcServer, userinfoStatus, type OidcServer, type RegisteredClient } from '../support/oidc/oidc-server.js';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;
const READER = 'rita@example.com';
/** SERVICE_LOGIN_FAILURES_PER_EMAIL of the throttled instance: the budget wrong device codes share. */
const LOGIN_FAILURES_PER_EMAIL = 3;

/** Where the person is when they stop: the code page, the sign-in page, the consent page, or the end. */
const waitForStep = (page: Page): Promise<void> =>
  page.waitForFunction(() => /Continue|Sign in|Allow|go back to your device|not valid|cancelled/.test(document.body?.innerText ?? ''), undefined, { timeout: 30_000 }).then(() => undefined);

describe(`OpenID provider: the device authorization grant, a command-line client and a person in Chromium (${ENGINE_LABEL})`, function () {
  this.timeout(180_000);
  let server: OidcServer;
  let tv: RegisteredClient;
  let withScript: Browser;
  let withoutScript: Browser;

  before(async () => {
    server = await startOidcServer();
    await createMember(server, READER, 'Rita');
    tv = await registerClient(server, { name: 'Living-room TV', type: 'public', redirectUris: [REDIRECT_URI], device: true });
    withScript = await startChromium();
    withoutScript = await startChromium(CHROMIUM_PATH, { javaScriptEnabled: false });
  });
  after(async () => {
    await withScript?.close();
    await withoutScript?.close();
    await server?.close();
  });

  /** A fresh browser context, signed out, with or without JavaScript. */
  const freshPage = async (javaScriptEnabled: boolean): Promise<Page> => {
    const { context } = javaScriptEnabled ? withScript : withoutScript;
    await context.clearCookies();
    return context.newPage();
  };

  for (const javaScriptEnabled of [true, false]) {
    it(`the person opens the device's link (JavaScript ${javaScriptEnabled ? 'on' : 'off'}), signs in, allows, and the device gets its tokens`, async () => {
      const email = `viewer-${javaScriptEnabled ? 'js' : 'nojs'}@example.com`;
      await createMember(server, email, 'Viewer');
      const started = await oidc.initiateDeviceAuthorization(tv.config, { scope: 'openid email' });
      expect(started.user_code).to.match(USER_CODE);
      expect(started.verification_uri).to.equal(`${server.origin}/gatehouse/device`);
      expect(started.verification_uri_complete).to.equal(`${server.origin}/gatehouse/device?user_code=${encodeURIComponent(started.user_code)}`);
      expect(started.expires_in).to.be.within(590, 600);
      const polling = oidc.pollDeviceAuthorizationGrant(tv.config, started);
      // At rest the device code and the user code are hashes; the device code is also sealed inside, never in clear.
      const stored = JSON.stringify(await server.service.db('oidc_payloads').where({ model: 'DeviceCode' }));
      expect(stored).to.not.contain(started.device_code);
      expect(stored).to.not.contain(started.user_code.replace('-', ''));

      const page = await freshPage(javaScriptEnabled);
      await page.goto(String(started.verification_uri_complete));
      expect(await page.getByLabel('Device code', exact).inputValue()).to.equal(started.user_code);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/gatehouse/sign-in', { timeout: 30_000 });
      await signInOnPage(page, email);
      await page.getByRole('button', { name: 'Allow', exact: true }).click();
      await page.getByText('You can go back to your device').waitFor({ timeout: 30_000 });
      await page.close();

      const tokens = await polling;
      expect(tokens.access_token).to.be.a('string');
      expect(tokens.claims()?.sub).to.be.a('string');
      expect(await userinfoStatus(server, tokens.access_token)).to.equal(200);
    });
  }

  it('the person types the code at /gatehouse/device, lower case and without the hyphen; Deny sends access_denied to the device', async () => {
    const started = await oidc.initiateDeviceAuthorization(tv.config, { scope: 'openid' });
    const polling = oidc.pollDeviceAuthorizationGrant(tv.config, started).then(
      () => 'granted',
      (error: unknown) => (error as { error?: string }).error,
    );
    const page = await freshPage(true);
    await page.goto(`${server.origin}/gatehouse/device`);
    await page.getByLabel('Device code', exact).fill(started.user_code.replace('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await signInOnPage(page, READER);
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitForStep(page);
    expect(await page.locator('main').innerText()).to.contain('cancelled');
    await page.close();
    expect(await polling).to.equal('access_denied');
  });

  it('a wrong code is refused on the page, naming no account; the device page is axe clean', async () => {
    const page = await freshPage(true);
    await page.goto(`${server.origin}/gatehouse/device`);
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    await page.getByLabel('Device code', exact).fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForStep(page);
    expect(await page.locator('main').innerText()).to.contain('This code is not valid');
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    await page.close();
  });

  it('a client without device: true cannot start the grant', async () => {
    const web = await registerClient(server, { name: 'Web', redirectUris: [REDIRECT_URI] });
    const refusal = await oidc.initiateDeviceAuthorization(web.config, { scope: 'openid' }).catch((error: unknown) => error as { error?: string });
    expect(refusal).to.include({ status: 400, error: 'invalid_request' });
  });

  it('discovery names the device authorization endpoint and grant', async () => {
    const document = (await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(document.device_authorization_endpoint).to.equal(`${server.issuer}/device/auth`);
    expect(document.grant_types_supported).to.include('urn:ietf:params:oauth:grant-type:device_code');
    const aside = await fetch(`${server.origin}/gatehouse/device/auth`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `client_id=${tv.clientId}` });
    expect(aside.status, 'the device endpoint is only below the issuer').to.equal(404);
  });

  it('wrong codes are throttled like logins: past the limit 429 with Retry-After, and even a right code is not looked up', async () => {
    // The specs' instances turn the limiters off; this one has them on, over the same database.
    const throttled = await startOidcServer({ database: server.database, env: { SERVICE_LOGIN_FAILURES_PER_EMAIL: String(LOGIN_FAILURES_PER_EMAIL) } });
    try {
      await enterCodes(throttled);
    } finally {
      await throttled.close();
    }
  });

  const enterCodes = async (at: OidcServer): Promise<void> => {
    const jar = new CookieJar();
    const opened = await fetch(`${at.origin}/gatehouse/device`);
    jar.take(opened);
    const xsrf = /name="xsrf" value="([^"]*)"/.exec(await opened.text())?.[1] ?? '';
    const enter = async (userCode: string): Promise<Response> => {
      const answer = await fetch(`${at.origin}/gatehouse/device`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header(), Origin: at.origin },
        body: new URLSearchParams({ xsrf, user_code: userCode, confirm: 'yes' }).toString(),
      });
      jar.take(answer);
      return answer;
    };
    for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_EMAIL; attempt += 1) {
      const wrong = await enter('BCDF-GHJK');
      expect(wrong.status, `attempt ${attempt}`).to.equal(400);
      expect(await wrong.text()).to.contain('This code is not valid');
    }
    const started = await oidc.initiateDeviceAuthorization(tv.config, { scope: 'openid' });
    const refused = await enter(started.user_code);
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 900);
    const page = await refused.text();
    expect(page).to.contain('Too many attempts');
    expect(page).to.contain('Device code');
  };
});
