import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';

export interface ServerProcess {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Starts a server process whose output goes to `logFile` (as a log collector would take it). */
export async function startServer(args: string[], env: NodeJS.ProcessEnv, port: number, logFile: string): Promise<ServerProcess> {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { env: { ...env, PORT: String(port) }, stdio: ['ignore', out, out] });
  closeSync(out);
  if (child.pid === undefined) throw new Error(`could not start ${args.join(' ')}`);
  const pid = child.pid;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && process.kill(pid, 'SIGKILL'), 8_000);
    await exited(child);
    clearTimeout(timer);
  };
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (await accepts(port)) return { pid, port, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`${args.join(' ')} did not listen on ${port}`);
}

/** A port nothing listens on right now (asked from the kernel, then released). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
