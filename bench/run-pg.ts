import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from './lib/loads.js';
import { toPostgresMarkdown, type PostgresRun } from './lib/postgres-markdown.js';
import { measureArgon2 } from './lib/argon2-reference.js';
import { GATEHOUSE_MAIN } from './lib/servers.js';
import { ensureWrk } from './lib/wrk.js';
import { postgresSection } from './pg/postgres-section.js';

/** `npm run bench:pg`: only the PostgreSQL section of `npm run bench` (and reference (c)), in about two minutes. */
const BENCH = import.meta.dirname;
const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-pg-'));
try {
  if (!existsSync(GATEHOUSE_MAIN)) throw new Error(`${GATEHOUSE_MAIN} is missing: run npm run build first`);
  ensureWrk();
  const startedAt = new Date().toISOString();
  const loadAverage = loadavg();
  log('reference (c): argon2id in-process, two in flight');
  const references = measureArgon2('plain');
  const results: PostgresRun = { startedAt, loadAverage, references, postgres: await postgresSection(work) };
  const stamp = `${startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}-pg`;
  const markdown = toPostgresMarkdown(results, `Gatehouse benchmark on PostgreSQL, ${startedAt}`);
  mkdirSync(join(BENCH, 'results'), { recursive: true });
  writeFileSync(join(BENCH, 'results', `${stamp}.md`), markdown);
  writeFileSync(join(BENCH, 'results', `${stamp}.json`), JSON.stringify(results, null, 2));
  console.log(`\n${markdown}\nwritten to bench/results/${stamp}.md`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
