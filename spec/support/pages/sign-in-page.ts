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
