import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's package: nothing here downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile (its own --user-data-dir, removed on close). When it
 * cannot start, the error says what to install: a browser spec fails, it never skips.
 */
export const startChromium = async (executablePath = CHROMIUM_PATH, options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> => {
  const profile = await mkdtemp(join(tmpdir(), 'gatehouse-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: FLAGS, ...options });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `Chromium could not start from ${executablePath} (${reason}). The browser specs need Debian's chromium ` +
        'package: apt-get install -y chromium (.ci/run installs it when it is missing).',
      { cause: error },
    );
  }
};

/** A platform passkey authenticator on the page (DevTools' virtual one): verifies its user and presses itself. */
export const addVirtualAuthenticator = async (browser: Browser, page: Page): Promise<void> => {
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
};
