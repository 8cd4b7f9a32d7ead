/**
 * `tsx bench/oidc/refresh-by-alg.ts` (after `npm run build`): a rotated refresh's server CPU with
 * each ID token algorithm, side by side on one server — the seed of `npm run bench:oidc`, the
 * production build on SQLite, one client per algorithm a client may choose (RS256, ES256), 8 refresh chains
 * each — in alternating slices of BENCH_SLICE_S seconds (default 4) for BENCH_OIDC_ROUNDS rounds
 * (default 5), so a shared machine's load falls on every algorithm alike; bench:oidc's medians,
 * one algorithm a run, cannot be compared on a busy machine. Writes
 * bench/results/<timestamp>-oidc-refresh-by-alg.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { exchangeCode, refresh, signIn, type OidcTarget } from '../../spec/support/oidc/headless-flow.js';
import { SIGNING_ALGORITHMS } from '../../src/core/domain/signing-algorithm.js';
import { benchTarget, createBenchClient } from '../lib/oidc-client.js';
import { forSeconds, loop } from '../lib/client-loop.js';
import { mintMany } from '../lib/mint-codes.js';
import { provenance, provenanceLine, stampOf } from '../lib/provenance.js';
import { startGatehouse } from '../lib/servers.js';
import { BENCH_PASSWORD, seed } from '../seed/seed.js';

const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 4);
const ROUNDS = Number(process.env.BENCH_OIDC_ROUNDS ?? 5);
const CHAINS = 8;

const started = new Date();
const made = provenance();
const work = mkdtempSync(join(tmpdir(), 'gatehouse-refresh-by-alg-'));
try {
  const seeded = await seed({ file: join(work, 'r.sqlite3'), users: 10_000, sessions: 1_000, apiTokens: 1_000, workingSet: 1_000 });
  const server = await startGatehouse(seeded.url, join(work, 'server.log'), [], { SERVICE_TRUST_PROXY: '1' });
  try {
    const chains = [];
    for (const alg of SIGNING_ALGORITHMS) {
      const client = createBenchClient(seeded.url, alg);
      const target: OidcTarget = benchTarget(server.port, client);
      const jar = await signIn(target, seeded.emails[0]!, BENCH_PASSWORD);
      const tokens = await Promise.all((await mintMany(target, jar, CHAINS, true)).map((minted) => exchangeCode(target, minted)));
      const current = tokens.map((answer) => answer.refresh_token!);
      const slice = (seconds: number) => loop(server.pid, CHAINS, forSeconds(seconds), async (worker) => void (current[worker] = (await refresh(target, current[worker]!)).refresh_token!));
      chains.push({ alg, slice, requests: 0, cpuMs: 0, errors: 0 });
    }
    for (const chain of chains) await chain.slice(3); // warm-up: JIT, keys, the statements' first preparation
    for (let round = 0; round < ROUNDS; round++) {
      for (const chain of round % 2 ? [...chains].reverse() : chains) {
        const result = await chain.slice(SLICE_S);
        chain.requests += result.requests;
        chain.cpuMs += result.cpuMsPerRequest * result.requests;
        chain.errors += result.errors;
      }
    }
    const rs256 = chains[0]!.cpuMs / chains[0]!.requests;
    const lines = [
      `A rotated refresh by ID token algorithm, one server (SQLite, production build), ${ROUNDS} rounds of ${SLICE_S} s slices a client, alternating; ${provenanceLine(made)}; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      '',
      '| ID token algorithm | refreshes | server CPU µs a refresh | against RS256 | errors |',
      '|---|---:|---:|---:|---:|',
      ...chains.map((c) => `| ${c.alg} | ${c.requests} | ${((1000 * c.cpuMs) / c.requests).toFixed(0)} | ${(c.cpuMs / c.requests / rs256).toFixed(2)}× | ${c.errors} |`),
    ];
    console.log(lines.join('\n'));
    const results = join(import.meta.dirname, '..', 'results');
    mkdirSync(results, { recursive: true });
    const file = join(results, `${stampOf(started)}-oidc-refresh-by-alg.md`);
    writeFileSync(file, `\`tsx bench/oidc/refresh-by-alg.ts\`\n\n${lines.join('\n')}\n`);
    console.log(`written to ${file}`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
