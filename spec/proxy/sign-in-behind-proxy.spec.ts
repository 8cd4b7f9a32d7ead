import { expect } from 'chai';
import { composeService } from '../../src/compose.js';
import { createLogger } from '../../src/runtime/logger.js';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { testConfig } from '../support/http/harness.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';
import { startCaddy } from '../support/proxy/caddy.js';
import { startNginx } from '../support/proxy/nginx.js';
import { freePort, type RunningProxy } from '../support/proxy/proxy-process.js';
import { startUpstreamApp, type UpstreamApp } from '../support/proxy/upstream-app.js';

const EMAIL = 'visitor@example.com';

// The one-origin layout of docs/examples/forward-auth: a browser asks the proxy for a protected
// path, is sent to Gatehouse's sign-in page on the same origin, signs in, and is back on that path.
for (const [name, start] of [
  ['nginx (docs/examples/forward-auth/nginx.conf)', startNginx],
  ['Caddy (docs/examples/forward-auth/Caddyfile)', startCaddy],
] as const) {
  describe(`a browser signs in through the pages behind ${name}, and is back where it started (${ENGINE_LABEL})`, function () {
    this.timeout(120_000);
    let database: TempDatabase;
    let gatehouse: ServerProcess;
    let app: UpstreamApp;
    let front: RunningProxy;
    let browser: Browser;
    let origin: string;

    before(async () => {
      const port = await freePort();
      // The proxy's origin is the public one: the browser's Origin on the sign-in form must match it.
      origin = `http://127.0.0.1:${port}`; // the address the proxies' site blocks answer to
      database = await createTempDatabase();
      const service = composeService({ ...testConfig({ SERVICE_DATABASE_URL: database.url }), databasePoolMax: 1 }, {}, createLogger('silent'));
      await service.useCases.createAdmin({ email: EMAIL, password: PASSWORD, display_name: 'Visitor' });
      await service.close();
      [gatehouse, app] = await Promise.all([startServerProcess(database.url, { SERVICE_PUBLIC_URL: origin, SERVICE_TRUST_PROXY: '1' }), startUpstreamApp()]);
      front = await start({ gatehousePort: Number(new URL(gatehouse.url).port), appPort: app.port, port });
      browser = await startChromium();
    });
    after(async () => {
      await browser?.close();
      await front?.stop();
      await Promise.all([gatehouse?.stop(), app?.close()]);
      await database?.cleanup();
    });

    it('a protected path → the sign-in page → signed in → back on that path, the app seeing X-Gatehouse-User-Id', async () => {
      const page = await browser.context.newPage();
      await page.goto(`${origin}/reports/weekly`);
      const signIn = new URL(page.url());
      expect(signIn.pathname).to.equal('/gatehouse/sign-in');
      expect(signIn.searchParams.get('return_to')).to.equal('/reports/weekly');
      expect(app.seen, 'the app was not reached').to.deep.equal([]);

      await page.getByLabel('Email', { exact: true }).fill(EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      expect(page.url()).to.equal(`${origin}/reports/weekly`);
      expect(await page.textContent('body')).to.contain('app saw GET /reports/weekly');
      const reached = app.seen.find((seen) => seen.path === '/reports/weekly')!;
      expect(reached, 'the app was reached on that path').to.not.equal(undefined);
      expect(reached.headers['x-gatehouse-user-id']).to.match(/^[0-9a-f-]{36}$/);
      expect(reached.headers['x-gatehouse-email']).to.equal(EMAIL);
    });
  });
}
