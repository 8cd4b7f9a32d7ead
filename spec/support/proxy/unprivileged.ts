import { chown, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBinary } from './binaries.js';

const NOBODY = 65534; // Debian's nobody:nogroup

export const runningAsRoot = process.getuid?.() === 0;

/**
 * The command line that runs a program as nobody when the suite runs as root (CI, containers):
 * a proxy under test must not hold privileges it would not have in production. As any other
 * user, the program simply runs as that user.
 */
export const unprivileged = (command: string, args: string[]): { command: string; args: string[] } =>
  runningAsRoot
    ? { command: requireBinary('setpriv', 'util-linux'), args: [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', command, ...args] }
    : { command, args };

/** A fresh temporary folder that the unprivileged program may write to (pid file, temp files). */
export const writableTempDir = async (prefix: string): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (runningAsRoot) await chown(dir, NOBODY, NOBODY);
  return dir;
};
