/**
 * `npm run bench:oidc` (BENCH_ENGINE=postgres: `npm run bench:oidc:pg`): bench/oidc/run.ts
 * BENCH_RUNS times (default 3) one after the other, each in its own process with its own fresh
 * database, then the median of every figure in bench/results/<stamp>-oidc[-pg]-median-of-<n>.{md,json}.
 * Each run also leaves its own results file.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchEngine } from '../lib/bench-database.js';
import { log } from '../lib/loads.js';
import { ALG_SUFFIX, BENCH_ID_TOKEN_ALG } from '../lib/oidc-client.js';
import { medianOf } from '../lib/median-of.js';
import { provenance, provenanceLine, stampOf, type Provenance } from '../lib/provenance.js';

interface Figures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest: number | null;
  rssMb: number | null;
  errors: number;
}
interface OidcRun {
  startedAt: string;
  engine: string;
  provenance: Provenance;
  loadAtEnd: number[];
  exchange: Figures;
  refresh: Figures;
  userinfo: Figures;
  meCookie: Figures;
  meToken: Figures;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RESULTS = join(import.meta.dirname, '..', 'results');

/** One run in a child process; answers the results file it names on its BENCH_RESULTS line. */
const runOnce = (n: number): Promise<string> =>
  new Promise((resolve, reject) => {
    log(`run ${n} of ${RUNS}`);
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'run.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let file: string | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      process.stdout.write(text);
      file ??= /^BENCH_RESULTS (.+)$/m.exec(text)?.[1] ?? null;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 && file ? resolve(file) : reject(new Error(`bench/oidc/run.ts failed (${code})`))));
  });

const started = new Date();
const made = provenance();
const engine = benchEngine();
const files: string[] = [];
for (let n = 1; n <= RUNS; n++) files.push(await runOnce(n));
if (RUNS > 1) {
  const runs = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as OidcRun);
  const m = medianOf(runs) as OidcRun;
  const fixed = (value: number | null, digits: number): string => (value === null ? '—' : value.toFixed(digits));
  const row = (name: string, f: Figures) => `| ${name} | ${fixed(f.rps, 0)} | ${fixed(f.p50Ms, 1)} | ${fixed(f.p99Ms, 1)} | ${fixed(f.cpuMsPerRequest, 2)} | ${fixed(f.rssMb, 0)} | ${f.errors} |`;
  const ratio = (a: number | null, b: number | null): string => (a === null || b === null ? '—' : `${(a / b).toFixed(2)}×`);
  const markdown = [
    `OpenID provider bench, medians of ${RUNS} runs, ${engine === 'postgres' ? 'PostgreSQL (pool of 10)' : 'SQLite'}, production build, ${BENCH_ID_TOKEN_ALG} ID tokens; ${provenanceLine(made)}, load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    '',
    '| load | req/s | p50 ms | p99 ms | server CPU ms/req | RSS MB | errors |',
    '|---|---|---|---|---|---|---|',
    row('POST /gatehouse/oidc/token (code exchange)', m.exchange),
    row('POST /gatehouse/oidc/token (refresh, rotated)', m.refresh),
    row('GET /gatehouse/oidc/me (userinfo)', m.userinfo),
    row('GET /api/v1/users/me (cookie)', m.meCookie),
    row('GET /api/v1/users/me (API token)', m.meToken),
    '',
    `Userinfo against /users/me by bearer (the issue 40 targets are ≤ 1.5× the CPU and ≤ 2× the p99): CPU ${ratio(m.userinfo.cpuMsPerRequest, m.meToken.cpuMsPerRequest)}, p99 ${ratio(m.userinfo.p99Ms, m.meToken.p99Ms)}.`,
    '',
    `Runs: ${files.map((file) => file.slice(RESULTS.length + 1)).join(', ')}.`,
  ].join('\n');
  const stamp = `${stampOf(started)}-oidc${engine === 'postgres' ? '-pg' : ''}${ALG_SUFFIX}-median-of-${RUNS}`;
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${stamp}.md`), `${markdown}\n`);
  writeFileSync(join(RESULTS, `${stamp}.json`), JSON.stringify({ startedAt: started, engine, idTokenAlg: BENCH_ID_TOKEN_ALG, provenance: made, runs: files, median: m }, null, 2));
  console.log(`\n${markdown}\n\nwritten to bench/results/${stamp}.md`);
}
