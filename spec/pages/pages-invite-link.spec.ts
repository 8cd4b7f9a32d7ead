import { createServer, type Server } from 'node:http';
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import request from 'supertest';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../src/metrics/prometheus-metrics.js';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { freePort } from '../support/http/free-port.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { inviteCode, signedInAdmin, uniqueEmail } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const MINUTE = 60_000;
const exact = { exact: true } as const;

/** The value of the register form's `Invite code` field, as the page was sent. */
const inviteFieldOf = (html: string): string | null => {
  const input = /<input[^>]*name="invite_code"[^>]*>/.exec(html)?.[0];
  return input === undefined ? null : (/value="([^"]*)"/.exec(input)?.[1] ?? '');
};

/** `name=value` of the invite cookie a response set, for the next request. */
const inviteCookieOf = (res: request.Response): string => {
  const line = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((value) => value.startsWith('gh_invite='));
  return (line ?? '').split(';')[0]!;
};

describe('pages: an invite link leaves the address bar (over HTTP, clock injected)', function () {
  this.timeout(30_000);
  let clock: FixedClock;
  let h: DatabaseHarness;
  let code: string;

  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    code = await inviteCode(h, (await signedInAdmin(h)).email);
  });
  afterEach(() => h.close());

  const open = (path: string, cookie?: string) => {
    const get = request(h.app).get(path);
    return cookie ? get.set('Cookie', cookie) : get;
  };

  it('answers 303 to /gatehouse/register and keeps the code in a sealed HttpOnly cookie for that path, 30 minutes', async () => {
    const res = await open(`/gatehouse/register?invite=${encodeURIComponent(code)}`);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/gatehouse/register');
    const lines = res.headers['set-cookie'] as unknown as string[];
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^gh_invite=[^;]+; HttpOnly; SameSite=Lax; Path=\/gatehouse\/register; Max-Age=1800$/);
    expect(lines[0], 'sealed: the code is not readable in the cookie').not.to.include(code);
  });

  it('the follow-up GET shows the form with the code in `Invite code`, until 30 minutes have passed', async () => {
    const cookie = inviteCookieOf(await open(`/gatehouse/register?invite=${encodeURIComponent(code)}`));
    const shown = await open('/gatehouse/register', cookie);
    expect(shown.status).to.equal(200);
    expect(inviteFieldOf(shown.text)).to.equal(code);
    clock.advance(30 * MINUTE - 1);
    expect(inviteFieldOf((await open('/gatehouse/register', cookie)).text), 'still within 30 minutes').to.equal(code);
    clock.advance(1);
    const stale = await open('/gatehouse/register', cookie);
    expect([stale.status, inviteFieldOf(stale.text)], 'refused after 30 minutes, whatever the browser kept').to.deep.equal([200, '']);
  });

  it('a cookie that was altered, or sealed for something else, fills nothing', async () => {
    const cookie = inviteCookieOf(await open(`/gatehouse/register?invite=${encodeURIComponent(code)}`));
    expect(inviteFieldOf((await open('/gatehouse/register', cookie)).text)).to.equal(code);
    const altered = `${cookie.slice(0, -2)}${cookie.at(-2) === 'A' ? 'B' : 'A'}${cookie.slice(-1)}`;
    expect(inviteFieldOf((await open('/gatehouse/register', altered)).text)).to.equal('');
    expect(inviteFieldOf((await open('/gatehouse/register', 'gh_invite=v2.x.y.z.w')).text)).to.equal('');
  });

  it('registering through the form ends the cookie with the invite', async () => {
    const cookie = inviteCookieOf(await open(`/gatehouse/register?invite=${encodeURIComponent(code)}`));
    const form = new URLSearchParams({ invite_code: code, email: uniqueEmail('invited'), display_name: 'Invited', password: PASSWORD }).toString();
    const res = await request(h.app).post('/gatehouse/register').set('Origin', ORIGIN).set('Cookie', cookie).type('form').send(form);
    expect([res.status, res.headers.location]).to.deep.equal([303, '/gatehouse/account']);
    const lines = res.headers['set-cookie'] as unknown as string[];
    expect(lines.find((line) => line.startsWith('gh_invite='))).to.equal('gh_invite=; HttpOnly; SameSite=Lax; Path=/gatehouse/register; Max-Age=0');
  });
});

describe('pages in Chromium, JavaScript off: registering from an invite link leaves no code behind', function () {
  this.timeout(60_000);
  let h: DatabaseHarness;
  let metrics: PrometheusMetrics;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let page: Page;
  let code: string;
  const requests: Request[] = [];

  before(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    metrics = createPrometheusMetrics();
    h = await startHarness({ SERVICE_PUBLIC_URL: origin }, {}, metrics);
    server = createServer(h.app);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    // The admin exists through the use cases: a login fixture would name another origin.
    const adminEmail = uniqueEmail('admin');
    await h.useCases.createAdmin({ email: adminEmail, password: PASSWORD, display_name: 'Admin' });
    code = await inviteCode(h, adminEmail);
    browser = await startChromium(undefined, { javaScriptEnabled: false });
    page = await browser.context.newPage();
    page.on('request', (sent) => requests.push(sent));
  });
  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
  });

  it('opens the link, registers with the form it fills, and lands on the account page', async () => {
    await page.goto(`${origin}/gatehouse/register?invite=${encodeURIComponent(code)}`);
    expect(page.url(), 'the address bar').to.equal(`${origin}/gatehouse/register`);
    expect(await page.getByLabel('Invite code', exact).inputValue()).to.equal(code);
    await page.getByLabel('Email', exact).fill(uniqueEmail('invited'));
    await page.getByLabel('Display name', exact).fill('Invited');
    await page.getByLabel('Password', exact).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    // The navigation must be over before the next case attaches DevTools to the page.
    await page.waitForURL((url) => url.pathname === '/gatehouse/account');
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/account');
  });

  it('the history, every request after the link, every Referer, log line and metric label are free of the code', async () => {
    const cdp = await browser.context.newCDPSession(page);
    const history = (await cdp.send('Page.getNavigationHistory')).entries.map((entry) => entry.url);
    expect(history.filter((url) => url.includes(code)), 'history').to.deep.equal([]);
    const [link, ...after] = requests;
    expect(link!.url(), 'only the link itself').to.include(code);
    expect(after.length).to.be.greaterThan(1);
    expect(after.map((sent) => sent.url()).filter((url) => url.includes(code)), 'later requests').to.deep.equal([]);
    const referers = await Promise.all(requests.map(async (sent) => (await sent.allHeaders()).referer ?? ''));
    expect(referers.filter((referer) => referer.includes(code)), 'Referer').to.deep.equal([]);
    expect(h.logs.length).to.be.greaterThan(0);
    expect(h.logs.filter((line) => line.includes(code)), 'log lines').to.deep.equal([]);
    expect(await metrics.registry.metrics(), 'metric labels').not.to.include(code);
  });
});
