import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { startChromium, type Browser } from '../../support/browser/chromium.js';
import { ensureBuilt } from '../../support/cli/run-cli.js';
import { runInPty } from '../../support/cli/run-in-pty.js';
import { readDoc } from '../../support/docs/markdown.js';
import { startPagesServer, type PagesServer } from '../../support/pages/pages-server.js';

const ADMIN_PASSWORD = 'typed at the prompt twice, 42';

/** The numbered steps README.md marks with `<!-- in-a-browser -->`, as they stand in the file. */
const browserSteps = (): string[] => {
  const readme = readDoc('README.md');
  const start = readme.indexOf('<!-- in-a-browser -->\n');
  if (start < 0) throw new Error('README.md has no <!-- in-a-browser --> walk-through');
  const list = readme.slice(start).split('\n\n')[0] ?? '';
  return [...list.matchAll(/^\d+\. (.*)$/gm)].map((match) => match[1] ?? '');
};

/**
 * The phrases a step is made of, in the order they appear. The walk-through is read, not copied:
 * each phrase becomes one action in Chromium, so a step that names a field, button or link the
 * pages do not have fails here.
 */
const PHRASES =
  /`(npx gatehouse create-admin [^`]+)`|Open (http:\/\/localhost:3000\/\S*?)(?= )|Open the link in a private window|Open \*\*([^*]+)\*\*|[Uu]nder \*\*([^*]+)\*\*|\*\*([^*]+)\*\* with (`[^`]+`|the admin's password|the code it shows)|press \*\*([^*]+)\*\*|copy the \*\*([^*]+)\*\*/g;

describe("README.md's walk-through in a browser, followed step by step in Chromium", function () {
  this.timeout(120_000);
  let server: PagesServer;
  let browser: Browser;
  let privateWindow: Browser;

  before(async () => {
    ensureBuilt();
    server = await startPagesServer({}, { withAdmin: false });
    [browser, privateWindow] = await Promise.all([startChromium(), startChromium()]);
  });
  after(async () => {
    await Promise.all([browser?.close(), privateWindow?.close()]);
    await server?.close();
  });

  it('has the five steps: admin by CLI, sign in, an invite, registration from its link, an authenticator app', () => {
    expect(browserSteps()).to.have.length(5);
  });

  it('every step does what it says', async () => {
    let page: Page = await browser.context.newPage();
    let scope: Page | Locator;
    let copied = '';
    const actions: string[] = [];
    for (const step of browserSteps()) {
      scope = page;
      for (const match of step.matchAll(PHRASES)) {
        const [, command, url, linkName, region, field, value, button, copiedField] = match;
        actions.push(match[0]);
        if (command) {
          expect(command).to.equal('npx gatehouse create-admin --email admin@example.com');
          const email = command.split('--email ')[1]!;
          const created = await runInPty(['create-admin', '--email', email], { PATH: process.env.PATH, SERVICE_DATABASE_URL: server.database.url, SERVICE_ENVIRONMENT: 'test' }, [
            { after: 'Password: ', type: ADMIN_PASSWORD },
            { after: 'Confirm password: ', type: ADMIN_PASSWORD },
          ]);
          expect(created.code, created.stdout).to.equal(0);
        } else if (url) {
          await page.goto(url.replace('http://localhost:3000', server.origin));
          scope = page;
        } else if (match[0] === 'Open the link in a private window') {
          page = await privateWindow.context.newPage();
          await page.goto(copied);
          scope = page;
        } else if (linkName) {
          await page.getByRole('link', { name: linkName, exact: true }).click();
          scope = page;
        } else if (region) {
          scope = page.getByRole('region', { name: region, exact: true });
        } else if (field) {
          const input = scope.getByLabel(field, { exact: true });
          if (value === "the admin's password") await input.fill(ADMIN_PASSWORD);
          else if (value === 'the code it shows') {
            const secret = ((await page.getByLabel('Secret key', { exact: true }).textContent()) ?? '').trim();
            await input.fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
          } else await input.fill(value!.slice(1, -1));
        } else if (button) {
          await scope.getByRole('button', { name: button, exact: true }).click();
        } else if (copiedField) {
          copied = await page.getByLabel(copiedField, { exact: true }).inputValue();
        }
      }
    }
    expect(actions.length, actions.join('\n')).to.be.greaterThan(15);
    // Where the walk-through ends: Ada's security page, with her app confirmed and her recovery codes shown once.
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/account/security');
    expect(await page.getByText('Authenticator app: on.').count()).to.equal(1);
    expect(await page.getByRole('group', { name: 'Recovery codes' }).getByRole('listitem').count()).to.equal(10);
    const users = await server.database.db('users').select('email').orderBy('email');
    expect(users.map((user: { email: string }) => user.email)).to.deep.equal(['ada@example.com', 'admin@example.com']);
  });
});
