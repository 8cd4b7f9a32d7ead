import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { requestExamples } from '../../../src/api/openapi/request-bodies.js';
import { startChromium, type Browser } from '../../support/browser/chromium.js';
import { runCli } from '../../support/cli/run-cli.js';
import { createTempDatabase, type TempDatabase } from '../../support/db/temp-database.js';
import { freePort } from '../../support/http/free-port.js';
import { startServerProcess, type ServerProcess } from '../../support/http/server-process.js';

const { email, password } = requestExamples.LoginIn as { email: string; password: string };

/** Expands an operation of the Swagger UI page, presses "Try it out" and "Execute", and returns its live response. */
const tryItOut = async (page: Page, id: string): Promise<{ operation: Locator; status: string; body: string }> => {
  const operation = page.locator(`#${id}`);
  await operation.locator('.opblock-summary').first().click();
  await operation.locator('button.try-out__btn').click();
  await operation.locator('button.execute').click();
  const response = operation.locator('.live-responses-table tbody tr.response').first();
  const status = (await response.locator('.response-col_status').textContent({ timeout: 15_000 })) ?? '';
  const body = (await response.locator('.response-col_description pre').first().textContent()) ?? '';
  return { operation, status: status.trim(), body };
};

// Under sqlite/: the page does not depend on the engine, and `npm run test:pg` need not start a browser twice.
describe('The docs page in Chromium, on a fresh development server', function () {
  this.timeout(90_000);
  let database: TempDatabase;
  let server: ServerProcess;
  let browser: Browser;
  let port: number;

  before(async () => {
    database = await createTempDatabase();
    // The account the page's login example names, created the way README.md creates an admin.
    const created = await runCli(['create-admin', '--email', email, '--password-stdin'], { PATH: process.env.PATH, SERVICE_DATABASE_URL: database.url, SERVICE_ENVIRONMENT: 'test' }, password);
    expect(created.code, created.stderr).to.equal(0);
    port = await freePort();
    // The defaults a newcomer runs with: development, public URL on localhost. The page is opened on
    // 127.0.0.1, as many tools print it, which the development-origin rule must accept.
    server = await startServerProcess(database.url, {
      SERVICE_ENVIRONMENT: 'development',
      SERVICE_PUBLIC_URL: `http://localhost:${port}`,
      PORT: String(port),
    });
    browser = await startChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await database?.cleanup();
  });

  it('logs in with the prefilled example and reads /users/me through "Try it out"', async () => {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${port}/api/v1/docs`);

    const login = await tryItOut(page, 'operations-auth-login');
    const prefilled = await login.operation.locator('textarea.body-param__text').inputValue();
    expect(JSON.parse(prefilled)).to.deep.equal(requestExamples.LoginIn);
    expect(login.status).to.equal('200');
    expect(JSON.parse(login.body)).to.include({ email });

    const me = await tryItOut(page, 'operations-users-getMe');
    expect(me.status).to.equal('200');
    expect(JSON.parse(me.body)).to.include({ email, display_name: 'ada' });
  });
});
