import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { composeService, type Service } from '../../src/compose.js';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { testConfig } from '../support/http/harness.js';
import { PASSKEY_PAGE } from './passkey-page.js';
import { PASSWORD } from '../support/constants.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EMAIL = 'browser@example.com';

type Reply = { status: number; body: Record<string, unknown> | null };

/** Debian's chromium only: nothing here may download a browser. A missing one fails, never skips. */
const launch = async (userDataDir: string): Promise<BrowserContext> => {
  try {
    return await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ARGS });
  } catch (error) {
    throw new Error(`Chromium could not start from ${CHROMIUM} (apt-get install -y chromium; .ci/run does): ${(error as Error).message}`, { cause: error });
  }
};

describe('passkeys in a real browser (Chromium, DevTools virtual authenticator)', function () {
  this.timeout(120_000);
  let database: TempDatabase;
  let service: Service;
  let server: Server;
  let userDataDir: string;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    // The listener comes first: the relying party is localhost at the port it was given (a secure context).
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    database = await createTempDatabase();
    const config = testConfig({ SERVICE_DATABASE_URL: database.url, SERVICE_PUBLIC_URL: origin });
    const logger = createLogger('silent');
    service = composeService({ ...config, databasePoolMax: 1 }, {}, logger);
    const app = createApp({ useCases: service.useCases, config, logger, clock: service.ports.clock });
    server.on('request', (req, res) => (req.url === '/fixture' ? res.writeHead(200, { 'Content-Type': 'text/html' }).end(PASSKEY_PAGE) : app(req, res)));
    await service.useCases.createAdmin({ email: EMAIL, password: PASSWORD });
    userDataDir = await mkdtemp(join(tmpdir(), 'gatehouse-chromium-'));
    context = await launch(userDataDir);
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(`${origin}/fixture`);
  });
  after(async () => {
    await context?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
    server?.close();
    await service?.close();
    await database?.cleanup();
  });

  const run = <T>(script: string): Promise<T> => page.evaluate(script) as Promise<T>;
  const currentMfa = async (): Promise<boolean> =>
    (await run<{ current: boolean; mfa: boolean }[]>('gatehouse.sessions()')).find((s) => s.current)?.mfa ?? false;

  it('registers a passkey, completes a password login with it, and logs in with it alone', async () => {
    expect((await run<Reply>(`gatehouse.login(${JSON.stringify(EMAIL)}, ${JSON.stringify(PASSWORD)})`)).status).to.equal(200);
    const registered = await run<Reply>(`gatehouse.register(${JSON.stringify(PASSWORD)}, 'Virtual authenticator')`);
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    expect(registered.body?.recovery_codes).to.have.length(10);
    expect(await currentMfa()).to.equal(true);

    expect((await run<Reply>('gatehouse.logout()')).status).to.equal(204);
    const first = await run<Reply>(`gatehouse.login(${JSON.stringify(EMAIL)}, ${JSON.stringify(PASSWORD)})`);
    expect(first.body).to.deep.equal({ mfa_required: true, methods: ['passkey', 'recovery_code'] });
    const second = await run<Reply>('gatehouse.secondStep()');
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    expect(second.body?.email).to.equal(EMAIL);
    expect(await currentMfa()).to.equal(true);

    expect((await run<Reply>('gatehouse.logout()')).status).to.equal(204);
    const passwordless = await run<Reply>('gatehouse.passwordless()');
    expect(passwordless.status, JSON.stringify(passwordless.body)).to.equal(200);
    expect(passwordless.body?.email).to.equal(EMAIL);
    expect(await currentMfa()).to.equal(true);
  });
});
