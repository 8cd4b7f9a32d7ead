import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const sha1 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/** `count` distinct filler hashes that no password of a spec produces. */
export const fillerHashes = (count: number): string[] => Array.from({ length: count }, (_, index) => sha1(`filler ${index}`));

/** A file in the shape of Pwned Passwords' SHA-1 file ordered by hash: sorted HASH:COUNT lines. */
export const pwnedFileText = (hashes: string[], eol = '\r\n', countOf = (index: number) => (index * 7919) % 100_000 + 1): string =>
  [...new Set(hashes)]
    .sort()
    .map((hash, index) => `${hash}:${countOf(index)}${eol}`)
    .join('');

/** A temporary directory holding one file, removed by `cleanup`. */
export const tempFile = (text: string, name = 'pwned-passwords-sha1-ordered-by-hash.txt') => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pwned-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};
