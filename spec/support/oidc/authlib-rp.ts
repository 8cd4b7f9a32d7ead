import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../cli/run-cli.js';

/** Debian's interpreter, where python3-authlib installs; another python3 on PATH (pyenv) lacks it. */
export const DEBIAN_PYTHON = '/usr/bin/python3';
const SCRIPT = join(ROOT, 'spec', 'support', 'oidc', 'authlib-rp.py');
const INSTALL = `The Authlib relying party needs Debian's python3-authlib for ${DEBIAN_PYTHON}: apt-get install -y python3-authlib (.ci/run installs it when it is missing).`;

/** One line the Python side answered: `ok`, and what it reports (or Authlib's error and its description). */
export interface AuthlibAnswer {
  ok: boolean;
  error?: string;
  description?: string;
  [field: string]: unknown;
}

export interface AuthlibRelyingParty {
  /** Sends one command (`{command: 'discover'}`, …) and answers the line the Python side printed for it. */
  send(command: string, fields?: Record<string, unknown>): Promise<AuthlibAnswer>;
  stop(): Promise<void>;
}

export interface AuthlibSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authMethod: 'client_secret_basic' | 'client_secret_post';
}

/**
 * spec/support/oidc/authlib-rp.py as its own process under Debian's python3: a relying party whose
 * protocol work (PKCE, client authentication, the ID token's signature and claims) is Authlib's.
 * Commands go as JSON lines on its stdin, its answers come back as JSON lines on its stdout.
 */
export const startAuthlibRelyingParty = async (settings: AuthlibSettings): Promise<AuthlibRelyingParty> => {
  const child = spawn(DEBIAN_PYTHON, ['-I', SCRIPT], {
    env: {
      PATH: process.env.PATH,
      GATEHOUSE_ISSUER: settings.issuer,
      CLIENT_ID: settings.clientId,
      CLIENT_SECRET: settings.clientSecret,
      REDIRECT_URI: settings.redirectUri,
      AUTH_METHOD: settings.authMethod,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const waiting: { resolve: (answer: AuthlibAnswer) => void; reject: (error: Error) => void }[] = [];
  const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const failAll = (why: string) => {
    for (const next of waiting.splice(0)) next.reject(new Error(`${why}\n${stderr}`));
  };
  child.on('error', (error) => failAll(`${DEBIAN_PYTHON} could not start (${error.message}). ${INSTALL}`));
  child.on('close', (code) => failAll(`the Authlib relying party exited (${code})`));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (!next) return;
    try {
      next.resolve(JSON.parse(line) as AuthlibAnswer);
    } catch {
      next.reject(new Error(`the Authlib relying party printed a line that is no JSON: ${line}\n${stderr}`));
    }
  });
  const answer = () => new Promise<AuthlibAnswer>((resolve, reject) => waiting.push({ resolve, reject }));

  const stop = async () => {
    child.stdin.end();
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await ended;
  };
  const ready = await answer().catch((error: unknown) => ({ ok: false, error: 'no_start', description: String(error) }) as AuthlibAnswer);
  if (!ready.ok) {
    await stop();
    throw new Error(`${ready.error === 'missing_module' ? `${ready.description}. ${INSTALL}` : String(ready.description)}`);
  }
  return {
    send: (command, fields = {}) => {
      const next = answer();
      child.stdin.write(`${JSON.stringify({ command, ...fields })}\n`);
      return next;
    },
    stop,
  };
};
