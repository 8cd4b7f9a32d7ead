import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from '../proxy/proxy-process.js';
import { OIDC_EXAMPLES } from './apache-rp.js';

export const EXAMPLE_APP = join(OIDC_EXAMPLES, 'sign-in-with-gatehouse.mjs');

export interface ExampleApp {
  url: string;
  redirectUri: string;
  /** What it printed so far: its error log, when a sign-in fails. */
  output(): string;
  stop(): Promise<void>;
}

/** A port for the example and the redirect URI it will use there: register the client with it first. */
export const reserveExamplePort = async (): Promise<{ url: string; redirectUri: string }> => {
  const url = `http://127.0.0.1:${await freePort()}`;
  return { url, redirectUri: `${url}/callback` };
};

/**
 * docs/examples/oidc/sign-in-with-gatehouse.mjs as its own Node process, configured only through
 * the environment variables its header documents; ready once it prints that it listens.
 */
export const startExampleApp = async ({ url, issuer, clientId, clientSecret }: { url: string; issuer: string; clientId: string; clientSecret: string }): Promise<ExampleApp> => {
  const child = spawn(process.execPath, [EXAMPLE_APP], {
    env: { PATH: process.env.PATH, GATEHOUSE_ISSUER: issuer, GATEHOUSE_CLIENT_ID: clientId, GATEHOUSE_CLIENT_SECRET: clientSecret, APP_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not listen within 15 s:\n${output}`)), 15_000);
    const ready = () => {
      if (!output.includes(`listening on ${url}`)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on('data', ready);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the example exited before listening:\n${output}`));
    });
  });
  return { url, redirectUri: `${url}/callback`, output: () => output, stop };
};
