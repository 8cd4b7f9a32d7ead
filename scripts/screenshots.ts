// Screenshots of the main pages in a real Chromium (Debian's /usr/bin/chromium), for README.md and
// docs/pages.md: `npm run screenshots` writes docs/screenshots/*.png — each page whole on a
// 1280-px desktop (NAME.png), and its first screen on a 390-px phone in light and dark
// (NAME-phone.png, NAME-phone-dark.png). A throwaway SQLite database, an admin and a member with
// an authenticator app: what a newcomer sees after ten minutes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Locator, type Page } from 'playwright-core';
import { composeService } from '../src/compose.js';
import { loadConfig } from '../src/config/config.js';
import { createApp } from '../src/create-app.js';
import { migrateLatest } from '../src/adapters/knex/migrations/migrator.js';
import { createLogger } from '../src/runtime/logger.js';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const PASSWORD = 'violet tractor hums at dawn';
const exact = { exact: true } as const;
const DESKTOP = { width: 1280, height: 900 };
/** What a person's browsers send: the session lists read them as "Firefox on Linux", "Chrome on Linux". */
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A common phone's width in CSS pixels (iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };

const main = async (): Promise<void> => {
  const folder = mkdtempSync(join(tmpdir(), 'gatehouse-screenshots-'));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({ SERVICE_ENVIRONMENT: 'development', SERVICE_PUBLIC_URL: origin, SERVICE_DATABASE_URL: `sqlite://${join(folder, 'db.sqlite3')}` });
  const logger = createLogger('silent');
  const service = composeService(config, {}, logger);
  await migrateLatest(service.db);
  server.on('request', createApp({ useCases: service.useCases, config, logger }));
  await service.useCases.createAdmin({ email: 'admin@example.com', password: PASSWORD, display_name: 'Grace Admin' });
  const { code } = await service.useCases.createInviteAsOperator('admin@example.com', { max_uses: 5 });
  for (const [email, name] of [['ada@example.com', 'Ada Lovelace'], ['alan@example.com', 'Alan Turing']] as const) {
    await service.useCases.registerWithInvite({ invite_code: code, email, password: PASSWORD, display_name: name }, { userAgent: FIREFOX_ON_LINUX, clientAddress: '192.0.2.10', presentedSessionToken: null });
  }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  // Headless Chromium names itself "HeadlessChrome", which no reader's session list would show.
  const page: Page = await browser.newPage({ viewport: DESKTOP, userAgent: CHROME_ON_LINUX });
  mkdirSync(OUT, { recursive: true });
  /** `showing`: what the phone's first screen should hold (a result below the fold); else the top. */
  const shoot = async (name: string, showing?: Locator): Promise<void> => {
    await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await showing?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(OUT, `${name}-phone${colorScheme === 'dark' ? '-dark' : ''}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
  };
  const signIn = async (email: string) => {
    await page.goto(`${origin}/gatehouse/sign-in`);
    await page.getByLabel('Email', exact).fill(email);
    await page.getByLabel('Password', exact).fill(PASSWORD);
  };

  await signIn('ada@example.com');
  await shoot('sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${origin}/gatehouse/account`);
  await page.goto(`${origin}/gatehouse/account/security`);
  const factor = page.getByRole('region', { name: 'Authenticator app', exact: true });
  await factor.getByLabel('Password', exact).fill(PASSWORD);
  await factor.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
  await shoot('account-authenticator-app', page.getByRole('img', { name: 'QR code for your authenticator app' }));
  const secret = ((await page.getByLabel('Secret key', exact).textContent()) ?? '').trim();
  await page.getByLabel('Code', exact).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn('ada@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await shoot('second-factor');

  await page.context().clearCookies();
  await signIn('admin@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await shoot('account');
  await page.goto(`${origin}/gatehouse/account/sessions`);
  await shoot('account-sessions');
  await page.goto(`${origin}/gatehouse/admin`);
  await shoot('admin');
  await page.getByRole('link', { name: 'ada@example.com', exact: true }).click();
  await shoot('admin-user');
  const userPage = page.url();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await shoot('are-you-sure');
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  // Sixteen minutes later, as far as the proof goes: Disable waits for the confirm page, which names it.
  await service.db('sessions').update({ authenticated_at: new Date(Date.now() - 16 * 60_000).toISOString() });
  await page.goto(userPage);
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/gatehouse/confirm');
  await page.getByLabel('Password', exact).fill(PASSWORD);
  await shoot('confirm');
  await page.goto(`${origin}/gatehouse/admin/invites`);
  await page.getByRole('button', { name: 'Create invite', exact: true }).click();
  await shoot('admin-invite');

  await browser.close();
  server.close();
  await service.close();
  rmSync(folder, { recursive: true, force: true });
  console.log(`screenshots written to ${OUT}`);
};

await main();
