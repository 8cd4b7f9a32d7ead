import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { HASH_LINE } from './sorted-hash-lines.js';

const HEAD_BYTES = 4096;

const headOf = (path: string): string => {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
};

/**
 * The start-up check of SERVICE_PWNED_PASSWORDS_PATH: a readable file whose first lines are
 * SHA-1:COUNT in ascending order. That tells the hash-ordered SHA-1 file from the NTLM one and from
 * the one ordered by count, on which a binary search would quietly miss. Null when it looks right.
 */
export const pwnedPasswordsFileProblem = (path: string): string | null => {
  let head: string;
  try {
    if (!statSync(path).isFile()) return 'must name a readable file';
    head = headOf(path);
  } catch {
    return 'must name a readable file';
  }
  // The last line of the head may be cut short; every complete line before it must be in order.
  const lines = head.split('\n').map((line) => line.replace(/\r$/, ''));
  const complete = head.length < HEAD_BYTES ? lines.filter(Boolean) : lines.slice(0, -1);
  const hashes = complete.map((line) => (HASH_LINE.test(line) ? line.slice(0, 40).toUpperCase() : ''));
  const ordered = hashes.every((hash, index) => hash !== '' && (index === 0 || (hashes[index - 1] as string) < hash));
  return ordered && hashes.length > 0 ? null : 'must be the Pwned Passwords SHA-1 file ordered by hash (HASH:COUNT lines)';
};
