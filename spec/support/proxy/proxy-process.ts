import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { unprivileged } from './unprivileged.js';

export interface RunningProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts a proxy as an unprivileged process and waits until its port accepts connections; if it
 * exits first, the error carries what it printed (a configuration error, usually).
 */
export const startProxyProcess = async (
  name: string,
  command: string,
  args: string[],
  { port, dir, env = {} }: { port: number; dir: string; env?: Record<string, string> },
): Promise<RunningProxy> => {
  const line = unprivileged(command, args);
  const child = spawn(line.command, line.args, { cwd: dir, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async (): Promise<void> => {
    if (!gone) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (gone || Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not start on 127.0.0.1:${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
};
