import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../constants.js';
import { ADMIN_EMAIL } from './pages-server.js';

const exact = { exact: true } as const;

/** Signs in through the sign-in page as a person would (the admin by default), and waits for the account page. */
export const signInOnPage = async (page: Page, origin: string, email = ADMIN_EMAIL, password = PASSWORD): Promise<void> => {
  await page.goto(`${origin}/gatehouse/sign-in`);
  await page.getByLabel('Email', exact).fill(email);
  await page.getByLabel('Password', exact).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/gatehouse/account'));
};

/** Sets up the authenticator app on the Security page, as a person would; answers the recovery codes it shows once. */
export const setUpAuthenticatorApp = async (page: Page, origin: string, password = PASSWORD): Promise<string[]> => {
  await page.goto(`${origin}/gatehouse/account/security`);
  const app = page.getByRole('region', { name: 'Authenticator app', exact: true });
  await app.getByLabel('Password', exact).fill(password);
  await app.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
  const secret = ((await page.getByRole('group', { name: 'Secret key', exact: true }).textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Code', exact).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  return (await page.getByRole('group', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((code) => code.trim());
};
