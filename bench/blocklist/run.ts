import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PwnedPasswordsFile } from '../../src/adapters/blocklist/pwned-passwords-file.js';

/**
 * `npm run bench:blocklist`: the figures of docs/decisions/0012-breached-passwords.md. The bundled
 * set's build time and heap, in fresh processes; then lookups in a generated file in the shape of
 * Pwned Passwords' SHA-1 file ordered by hash (BENCH_PWNED_LINES lines, 10 million by default).
 */
const RUNS = 5;
const LINES = Number(process.env.BENCH_PWNED_LINES ?? 10_000_000);
const LOOKUPS = 2_000;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] as number;

const bundledRuns = Array.from({ length: RUNS }, () => {
  const child = join(import.meta.dirname, 'bundled-child.ts');
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', child], { encoding: 'utf8' });
  return JSON.parse(out) as { entries: number; buildMs: number; retainedKiB: number; checkUs: number };
});
console.log(`bundled list: ${bundledRuns[0]?.entries} entries meet the length rule; medians of ${RUNS} fresh processes:`);
console.log(`  build on first check ${median(bundledRuns.map((r) => r.buildMs)).toFixed(0)} ms, ` +
  `heap kept ${median(bundledRuns.map((r) => r.retainedKiB)).toFixed(0)} KiB, ` +
  `a check ${median(bundledRuns.map((r) => r.checkUs)).toFixed(2)} µs`);

/** Sorted without sorting: a strictly rising 8-digit prefix, then 32 pseudo-random hex digits. */
const writePwnedFile = async (path: string): Promise<void> => {
  const out = createWriteStream(path);
  let seed = 0x2545f491;
  const random32 = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0), seed.toString(16).padStart(8, '0'));
  const step = 2 ** 32 / LINES;
  let chunk = '';
  for (let index = 0; index < LINES; index += 1) {
    const prefix = Math.floor(index * step).toString(16).padStart(8, '0');
    chunk += `${(prefix + random32() + random32() + random32() + random32()).toUpperCase()}:${(index % 997) + 1}\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  await new Promise<void>((resolve, reject) => out.end(chunk, () => resolve()).once('error', reject));
};

const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-pwned-'));
try {
  const path = join(work, 'pwned-passwords-sha1-ordered-by-hash.txt');
  await writePwnedFile(path);
  const pwned = new PwnedPasswordsFile(path);
  const timings: number[] = [];
  for (let index = 0; index < LOOKUPS; index += 1) {
    const started = process.hrtime.bigint();
    await pwned.isBreached(`Candidate Password ${index}`);
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const mb = statSync(path).size / 2 ** 20;
  console.log(`Pwned Passwords file: ${LINES.toLocaleString('en')} lines, ${mb.toFixed(0)} MiB, page cache warm; ${LOOKUPS} checks ` +
    `(password and lower-case form, open and close included): median ${median(timings).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
