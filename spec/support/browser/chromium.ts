import { chromium, type Browser as Chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { atEndOfRun } from '../end-of-run.js';

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

// Launching Chromium costs about a second each time, and the browser specs asked for ~40 of them;
// a context costs milliseconds and is as isolated as a fresh profile (its own cookies, storage,
// cache and options). So each mocha process launches one browser per executable, on first use,
// and closes it when the run ends: an open browser would keep mocha from exiting.
const running = new Map<string, Promise<Chromium>>();

const launched = (executablePath: string): Promise<Chromium> => {
  let browser = running.get(executablePath);
  if (!browser) {
    browser = chromium.launch({ executablePath, headless: true, args: FLAGS });
    running.set(executablePath, browser);
    // A failed launch or a crashed browser is forgotten, so the next spec tries a new one.
    browser.then(
      (started) => started.on('disconnected', () => running.delete(executablePath)),
      () => running.delete(executablePath),
    );
  }
  return browser;
};

atEndOfRun(async () => {
  const browsers = await Promise.allSettled([...running.values()]);
  running.clear();
  await Promise.all(browsers.map((browser) => (browser.status === 'fulfilled' ? browser.value.close() : undefined)));
});

/**
 * A fresh, isolated browser context (no cookies, storage or cache of any other) in the run's
 * headless Chromium; close() closes the context only. When Chromium cannot start, the error says
 * what to install: a browser spec fails, it never skips.
 */
export const startChromium = async (executablePath = CHROMIUM_PATH, options: Pick<BrowserContextOptions, 'javaScriptEnabled'> = {}): Promise<Browser> => {
  let browser: Chromium;
  try {
    browser = await launched(executablePath);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `Chromium could not start from ${executablePath} (${reason}). The browser specs need Debian's chromium ` +
        'package: apt-get install -y chromium (.ci/run installs it when it is missing).',
      { cause: error },
    );
  }
  const context = await browser.newContext(options);
  return { context, close: () => context.close() };
};

/** A platform passkey authenticator on the page (DevTools' virtual one): verifies its user and presses itself. */
export const addVirtualAuthenticator = async (browser: Browser, page: Page): Promise<void> => {
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
};
