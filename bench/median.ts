import { readFileSync } from 'node:fs';
import { toMarkdown } from './lib/markdown.js';
import { toPostgresMarkdown, type PostgresRun } from './lib/postgres-markdown.js';
import type { Results } from './lib/results.js';

/**
 * `tsx bench/median.ts bench/results/A.json B.json C.json`: the table of the medians of several
 * runs, every number taken separately (so a ratio is the ratio of the medians).
 */
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const mergeMedian = (all: unknown[]): unknown => {
  // A load added later (e.g. /auth/verify) is missing from older runs: take the runs that have it.
  const samples = all.filter((sample) => sample !== undefined);
  const first = samples[0];
  if (typeof first === 'number' || first === null) {
    const numbers = samples.filter((s): s is number => typeof s === 'number');
    return numbers.length === 0 ? null : median(numbers);
  }
  if (Array.isArray(first) || typeof first !== 'object') return first;
  // Every key any run has: a field added later (rssAtEndMb) is the median of the runs that have it.
  const keys = [...new Set(samples.flatMap((sample) => Object.keys(sample as object)))];
  return Object.fromEntries(keys.map((key) => [key, mergeMedian(samples.map((s) => (s as Record<string, unknown>)[key]))]));
};

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: tsx bench/median.ts <results.json>...');
const runs = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Results | PostgresRun);
const merged = { ...(mergeMedian(runs) as Results | PostgresRun), startedAt: runs.map((r) => r.startedAt).join(', ') };
// `npm run bench:pg` writes the PostgreSQL section alone (no `gatehouse` part).
const heading = `Medians of ${runs.length} runs`;
console.log('gatehouse' in merged ? toMarkdown(merged, heading) : toPostgresMarkdown(merged, heading));
