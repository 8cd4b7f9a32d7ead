import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { BreachList } from './breach-list.js';
import { containsHash, type ReadAt } from './sorted-hash-lines.js';

const sha1 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/**
 * An offline copy of Have I Been Pwned's Pwned Passwords (SHA-1, ordered by hash), searched in
 * place. The lower-case form is looked up too, as the bundled list is case-insensitive.
 */
export class PwnedPasswordsFile implements BreachList {
  constructor(private readonly path: string) {}

  async isBreached(password: string): Promise<boolean> {
    const hashes = [...new Set([password, password.toLowerCase()])].map(sha1);
    // Opened for each check, so a new copy renamed over the path is used without a restart.
    // An unreadable file rejects, and the password is refused with a 500: never fail open.
    const file = await open(this.path, 'r');
    try {
      const { size } = await file.stat();
      const readAt: ReadAt = async (position, length) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await file.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      };
      for (const hash of hashes) if (await containsHash(readAt, size, hash)) return true;
      return false;
    } finally {
      await file.close();
    }
  }
}
