import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

// Debian puts nginx in /usr/sbin, which a non-root PATH often lacks.
const ALSO = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The path of an installed program. A missing one fails the spec with the fix in the message:
 * the proxies are what the spec is about, so it never skips.
 */
export const requireBinary = (name: string, debianPackage = name): string => {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...ALSO];
  const found = dirs.map((dir) => join(dir, name)).find(executable);
  if (found) return found;
  throw new Error(`${name} is not installed; this spec runs the real one. Install it: apt-get install ${debianPackage} (.ci/run does so when it is missing).`);
};
