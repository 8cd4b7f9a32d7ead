import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../cli/run-cli.js';

export const EXAMPLES = join(ROOT, 'docs', 'examples', 'forward-auth');

/** A literal to find in the example, what to put in its place, and how often it must occur. */
export type Swap = [from: string | RegExp, to: string, times: number];

const occurrences = (text: string, pattern: string | RegExp): number =>
  typeof pattern === 'string' ? text.split(pattern).length - 1 : [...text.matchAll(new RegExp(pattern, 'gm'))].length;

/**
 * The configuration docs/operations.md shows, read from its one file, with only its addresses
 * (and TLS lines) swapped for the spec's loopback ports. Each swap must match exactly as often as
 * stated, so an edited example fails here rather than being tested in a shape nobody reads.
 */
export const exampleWithSwaps = (file: string, swaps: Swap[], folder = EXAMPLES): string => {
  let text = readFileSync(join(folder, file), 'utf8');
  for (const [from, to, times] of swaps) {
    const found = occurrences(text, from);
    if (found !== times) throw new Error(`${relative(ROOT, join(folder, file))}: expected ${String(from)} ${times} time(s), found ${found}`);
    text = typeof from === 'string' ? text.split(from).join(to) : text.replace(new RegExp(from, 'gm'), to);
  }
  return text;
};
