import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import * as oidc from 'openid-client';
import {
  authorizationRequest,
  backAtClient,
  createMember,
  registerClient,
  signInAtClient,
  signOutInBrowser,
  startOidcStage,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

const VICTIM = 'vera@example.com';
const ATTACKER = 'mallory@example.com';
const OTHER = 'olaf@example.com';
const ID_TOKEN_LIFETIME_MS = 10 * 60_000;

/**
 * A site of another origin (127.0.0.1, while Gatehouse is localhost: another site, so SameSite=Lax
 * holds back the cookie on a POST but sends it on a top-level GET) whose pages send the visitor on
 * at once: /go navigates to `to`, /post submits an empty form to it.
 */
interface AttackerSite {
  go(to: string): string;
  post(to: string): string;
  close(): Promise<void>;
}

const startAttackerSite = async (): Promise<AttackerSite> => {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = JSON.stringify(url.searchParams.get('to') ?? '/');
    const body =
      url.pathname === '/go'
        ? `<script>location.href = ${to};</script>`
        : `<form id="f" method="post"></form><script>const f = document.getElementById('f'); f.action = ${to}; f.submit();</script>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>cute cats</title>${body}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    go: (to) => `${origin}/go?to=${encodeURIComponent(to)}`,
    post: (to) => `${origin}/post?to=${encodeURIComponent(to)}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

describe('OpenID provider and pages: another site cannot sign a person out (forced sign-out, Origin rule)', function () {
  this.timeout(150_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;
  let site: AttackerSite;
  let first: RegisteredClient;
  let asking: RegisteredClient;
  const hints: Record<string, string> = {};

  /** The browser's Gatehouse cookie, as a Cookie header for requests made outside the browser. */
  const browserCookies = async (url: string): Promise<string> =>
    (await page.context().cookies(url)).map(({ name, value }) => `${name}=${value}`).join('; ');

  /** Whether the browser still holds its cookie and the server still honours it: /users/me as the victim. */
  const victimStillSignedIn = async (): Promise<boolean> => {
    const cookie = await browserCookies(server.origin);
    if (!cookie.includes('gh_session=')) return false;
    const me = await fetch(`${server.origin}/api/v1/users/me`, { headers: { cookie } });
    return me.status === 200 && ((await me.json()) as { email: string }).email === VICTIM;
  };

  const endSessionUrl = (hint: string): string =>
    oidc.buildEndSessionUrl(first.config, { id_token_hint: hint, post_logout_redirect_uri: callback.postLogoutUri }).href;

  /** The victim visits the other site, which sends the browser to `target`; answers once it is at Gatehouse. */
  const visit = async (attack: string): Promise<void> => {
    await page.goto(attack);
    await page.waitForURL((url) => url.origin === server.origin || url.origin === callback.origin, { timeout: 30_000 });
    await page.waitForLoadState('load');
  };

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, page } = stage);
    site = await startAttackerSite();
    for (const [email, name] of [[VICTIM, 'Vera'], [ATTACKER, 'Mallory'], [OTHER, 'Olaf']] as const) await createMember(server, email, name);
    first = await registerClient(server, { name: 'Intranet', redirectUris: [callback.redirectUri], postLogoutRedirectUris: [callback.postLogoutUri], skipConsent: true });
    asking = await registerClient(server, { name: 'Photos', redirectUris: [callback.redirectUri] });
    for (const email of [ATTACKER, OTHER, VICTIM]) {
      await signOutInBrowser(page, server);
      hints[email] = String((await signInAtClient(page, callback, first, email)).tokens.id_token);
    }
  });
  after(async () => {
    await site?.close();
    await stage?.close();
  });

  beforeEach(async () => {
    if (!(await victimStillSignedIn())) {
      await signOutInBrowser(page, server);
      await signInAtClient(page, callback, first, VICTIM);
    }
  });

  for (const [label, whose] of [
    ["the attacker's own valid ID token", ATTACKER],
    ["another user's valid ID token", OTHER],
  ] as const) {
    it(`a cross-site GET of the end-session endpoint with ${label} asks first (Sign out) and ends nothing`, async () => {
      await visit(site.go(endSessionUrl(hints[whose] ?? '')));
      expect(await page.title()).to.contain('Sign out');
      expect(await victimStillSignedIn()).to.equal(true);
    });
  }

  it("a cross-site GET with the victim's own ID token, expired, asks first and ends nothing", async () => {
    server.advance(ID_TOKEN_LIFETIME_MS + 60_000);
    try {
      await visit(site.go(endSessionUrl(hints[VICTIM] ?? '')));
      expect(await page.title()).to.contain('Sign out');
      expect(await victimStillSignedIn()).to.equal(true);
    } finally {
      server.advance(-(ID_TOKEN_LIFETIME_MS + 60_000));
    }
  });

  it("a cross-site GET with the victim's ID token under a signature that does not verify asks first, ends nothing, and comes back", async () => {
    const [header, payload] = (hints[VICTIM] ?? '').split('.');
    await visit(site.go(endSessionUrl(`${header}.${payload}.${Buffer.from('not the provider signature').toString('base64url')}`)));
    expect(await page.title()).to.contain('Sign out');
    expect(await victimStillSignedIn()).to.equal(true);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const back = await backAtClient(page, callback);
    expect(back.origin + back.pathname).to.equal(callback.postLogoutUri);
  });

  for (const path of ['/gatehouse/sign-out', '/api/v1/auth/logout']) {
    it(`a cross-site form POST to ${path} is refused: the session stays valid and the browser keeps its cookie`, async () => {
      const target = `${server.origin}${path}`;
      // A tab of the same browser (same cookies), closed afterwards, so no navigation outlives the test;
      // a 204 leaves it on the other site, so the answer is awaited rather than a page.
      const tab = await page.context().newPage();
      let status: number;
      try {
        const answered = tab.waitForResponse((res) => res.url() === target && res.request().method() === 'POST', { timeout: 30_000 });
        await tab.goto(site.post(target), { waitUntil: 'commit' });
        status = (await answered).status();
      } finally {
        await tab.close();
      }
      expect(await victimStillSignedIn()).to.equal(true);
      expect(status).to.equal(403);
    });
  }

  it('a cookie-bearing POST without Origin to the Sign out confirmation is refused, and the session stays valid', async () => {
    await page.goto(oidc.buildEndSessionUrl(first.config, { client_id: first.clientId, post_logout_redirect_uri: callback.postLogoutUri }).href);
    expect(await page.title()).to.contain('Sign out');
    const action = `${server.origin}/gatehouse/oidc/logout/confirm`;
    const xsrf = await page.locator('input[name="xsrf"]').inputValue();
    const res = await fetch(action, {
      method: 'POST',
      headers: { cookie: await browserCookies(action), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).to.equal(403);
    expect(res.headers.get('set-cookie')).to.equal(null);
    expect(await victimStillSignedIn()).to.equal(true);
  });

  it('a cookie-bearing POST without Origin to the consent Allow is refused, and no grant is stored', async () => {
    const request = await authorizationRequest(asking.config, callback.redirectUri);
    await page.goto(request.url.href);
    await page.getByRole('button', { name: 'Allow', exact: true }).waitFor({ timeout: 30_000 });
    const action = `${server.origin}${new URL(page.url()).pathname}/allow`;
    const res = await fetch(action, { method: 'POST', headers: { cookie: await browserCookies(action) }, redirect: 'manual' });
    expect(res.status).to.equal(403);
    const grants = await fetch(`${server.origin}/api/v1/users/me/oidc-grants`, { headers: { cookie: await browserCookies(server.origin) } });
    expect(((await grants.json()) as { client_id: string }[]).map((grant) => grant.client_id)).to.not.include(asking.clientId);
  });
});
