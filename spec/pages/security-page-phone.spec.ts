import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { signInOnPage } from '../support/pages/sign-in-page.js';
import { startPagesServer, type PagesServer } from '../support/pages/pages-server.js';

const exact = { exact: true } as const;
/** A common phone, the narrowest one (WCAG 1.4.10), and a desktop. */
const WIDTHS = [390, 320, 1280];

// The Security page as a person on a phone reads it (§15 rules 8, 13, 14): each factor's form says
// what its Password is for, a set-up in progress is called that, and nothing sits on the next form.
describe('the Security page in Chromium, on a phone and a desktop: which form each Password belongs to, and a set-up in progress', function () {
  this.timeout(120_000);
  let server: PagesServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startPagesServer();
    browser = await startChromium();
    page = await browser.context.newPage();
    await signInOnPage(page, server.origin);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const app = () => page.getByRole('region', { name: 'Authenticator app', exact: true });

  /** Every second-factor field named exactly `Password` (rule 8), each with the words its aria-describedby gives it. */
  const passwordDescriptions = async (): Promise<string[]> => {
    const fields = page.getByRole('region', { name: 'Second factor', exact: true }).locator('input').and(page.getByLabel('Password', exact));
    const described: string[] = [];
    for (const field of await fields.all()) {
      described.push(
        await field.evaluate((input) =>
          (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim(),
        ),
      );
    }
    return described;
  };

  const eachPasswordSaysItsForm = async (count: number, what: string) => {
    const described = await passwordDescriptions();
    expect(described, `${what}: the Password fields`).to.have.length(count);
    for (const text of described) expect(text, `${what}: a Password field says what it is for`).to.match(/^Your password, to /);
    expect(new Set(described).size, `${what}: no two Password fields read alike`).to.equal(count);
  };

  /** At each width: the code's Confirm button has room before the next form's Password label, and nothing scrolls sideways. */
  const roomAfterConfirm = async (what: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const confirm = await app().getByRole('button', { name: 'Confirm', exact: true }).boundingBox();
      const label = await app().locator('label', { hasText: /^Password$/ }).boundingBox();
      if (!confirm || !label) throw new Error(`${what} at ${width} px: the Confirm button or the Password label is not shown`);
      // What comes next under Confirm: the words before the next form, or its Password label.
      const words = await app().getByText(/^Lost the key/).boundingBox();
      const next = Math.min(label.y, words?.y ?? Infinity);
      expect(next - (confirm.y + confirm.height), `${what} at ${width} px: room between Confirm and the next form`).to.be.at.least(32);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at ${width} px scrolls sideways`).to.be.at.most(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  it('before any factor: the app’s and the passkeys’ Password each say what they are for', async () => {
    await page.goto(`${server.origin}/gatehouse/account/security`);
    expect(await app().getByText('Authenticator app: off.', exact).count()).to.equal(1);
    await eachPasswordSaysItsForm(2, 'no factor');
  });

  it('during the app’s set-up it is "being set up", never "off", and starting again sits apart from the code’s Confirm', async () => {
    await app().getByLabel('Password', exact).fill(PASSWORD);
    await app().getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
    expect(await app().getByText('Authenticator app: being set up.', exact).count()).to.equal(1);
    expect(await app().getByText('Authenticator app: off.', exact).count()).to.equal(0);
    expect(await app().getByText(/^Lost the key, or want another one\? Start again/).count()).to.equal(1);
    await eachPasswordSaysItsForm(2, 'during set-up');
    await roomAfterConfirm('during set-up');

    await page.getByLabel('Code', exact).fill('000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    expect(await app().getByText('Authenticator app: being set up.', exact).count()).to.equal(1);
    await roomAfterConfirm('after a wrong code');
  });

  it('with the app on: the passkeys’ and the recovery codes’ Password each say what they are for', async () => {
    const secret = ((await page.getByRole('group', { name: 'Secret key', exact: true }).textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Code', exact).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    expect(await app().getByText('Authenticator app: on.', exact).count()).to.equal(1);
    await eachPasswordSaysItsForm(2, 'with the app on');
  });
});
