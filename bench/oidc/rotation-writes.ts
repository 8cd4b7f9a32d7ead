/**
 * `tsx bench/oidc/rotation-writes.ts [n]` (after `npm run build`): the CPU of a refresh's writes —
 * the old refresh token consumed, the new one and an access token stored — on a SQLite file with
 * the service's settings (WAL, synchronous=FULL) or, with GATEHOUSE_TEST_ENGINE=postgres, a fresh
 * PostgreSQL database (this process's CPU only), in-process, n rotations a slice (default 500),
 * the variants in alternating slices so a shared machine's load falls on all alike:
 *
 * - `three calls`: consume, upsert, upsert, each its own commit (how the provider wrote them before
 *   decision 0037), on this build and, with BENCH_COMPARE_DIST=<other build's dist>, on that one;
 * - `one unit`: consumeAndUpsert, one transaction (this build).
 *
 * Writes bench/results/<timestamp>-oidc-rotation-writes.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { OidcPayloadStore, OidcPayloadWrite } from '../../src/core/ports/oidc-store.js';
import { createTempDatabase } from '../../spec/support/db/temp-database.js';
import { TEST_ENGINE } from '../../spec/support/db/test-engine.js';
import { testConfig } from '../../spec/support/http/harness.js';
import { provenance, provenanceLine, stampOf } from '../lib/provenance.js';

const N = Number(process.argv[2] ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DIST = join(import.meta.dirname, '..', '..', 'dist');
type Compose = typeof import('../../src/compose.js');

const temp = await createTempDatabase();
const config = { ...testConfig({ SERVICE_DATABASE_URL: temp.url }), databasePoolMax: 2 };
const open = async (dist: string) => ((await import(join(dist, 'src', 'compose.js'))) as Compose).composeService(config);
const here = await open(DIST);
const other = process.env.BENCH_COMPARE_DIST ? await open(process.env.BENCH_COMPARE_DIST) : null;
const { client } = await here.useCases.createOidcClientAsOperator({ name: 'Bench', type: 'confidential', redirect_uris: ['https://app.example/cb'] });
// A refresh token's payload about the size oidc-provider stores (claims, scope, amr, session binding).
const payloadOf = (kind: string) => ({ kind, jti: randomUUID(), clientId: client.clientId, grantId: 'grant', scope: 'openid email profile offline_access', iat: 1, exp: 2, iiat: 1, amr: ['pwd'], authTime: 1, sessionUid: randomUUID(), rotations: 1, gty: 'authorization_code refresh_token', claims: {}, expiresWithSession: false });
const writesAfter = (): OidcPayloadWrite[] => [
  { model: 'RefreshToken', id: randomUUID(), payload: payloadOf('RefreshToken'), expiresAt: new Date(Date.now() + 3_600_000) },
  { model: 'AccessToken', id: randomUUID(), payload: payloadOf('AccessToken'), expiresAt: new Date(Date.now() + 600_000) },
];

/** One chain of rotations: each consumes the refresh token the one before stored. */
const chain = async (rotate: (current: string, writes: OidcPayloadWrite[]) => Promise<void>) => {
  let current: string = randomUUID();
  await here.ports.oidcPayloads.upsert('RefreshToken', current, payloadOf('RefreshToken'), new Date(Date.now() + 3_600_000));
  return async () => {
    const writes = writesAfter();
    await rotate(current, writes);
    current = writes[0]!.id;
  };
};
const threeCalls = (store: OidcPayloadStore) => async (current: string, writes: OidcPayloadWrite[]) => {
  if (!(await store.consume('RefreshToken', current, new Date()))) throw new Error('not consumed');
  for (const write of writes) await store.upsert(write.model, write.id, write.payload, write.expiresAt);
};
const variants: Record<string, () => Promise<void>> = {
  'three calls, this build': await chain(threeCalls(here.ports.oidcPayloads)),
  ...(other && { 'three calls, BENCH_COMPARE_DIST': await chain(threeCalls(other.ports.oidcPayloads)) }),
  'one unit (consumeAndUpsert), this build': await chain(async (current, writes) => {
    if (!(await here.ports.oidcPayloads.consumeAndUpsert('RefreshToken', current, new Date(), writes))) throw new Error('not consumed');
  }),
};
const totals = Object.fromEntries(Object.keys(variants).map((name) => [name, { cpuUs: 0, wallUs: 0, n: 0 }]));
for (let round = 0; round < ROUNDS; round++) {
  const names = Object.keys(variants);
  for (const name of round % 2 ? names.reverse() : names) {
    const [started, before] = [performance.now(), process.cpuUsage()];
    for (let i = 0; i < N; i++) await variants[name]!();
    const used = process.cpuUsage(before);
    const t = totals[name]!;
    [t.cpuUs, t.wallUs, t.n] = [t.cpuUs + used.user + used.system, t.wallUs + (performance.now() - started) * 1000, t.n + N];
  }
}
const lines = [
  `A refresh's writes on ${TEST_ENGINE === 'postgres' ? 'PostgreSQL (the Node process\'s CPU)' : 'SQLite (WAL, synchronous=FULL)'}, ${ROUNDS} rounds of ${N} rotations a variant, alternating; ${provenanceLine(provenance())}; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}${other ? `; BENCH_COMPARE_DIST=${process.env.BENCH_COMPARE_DIST}` : ''}`,
  '',
  '| variant | CPU µs a rotation (user + system) | wall µs a rotation |',
  '|---|---:|---:|',
  ...Object.entries(totals).map(([name, t]) => `| ${name} | ${(t.cpuUs / t.n).toFixed(0)} | ${(t.wallUs / t.n).toFixed(0)} |`),
];
console.log(lines.join('\n'));
const results = join(import.meta.dirname, '..', 'results');
mkdirSync(results, { recursive: true });
const file = join(results, `${stampOf(new Date())}-oidc-rotation-writes${TEST_ENGINE === 'postgres' ? '-pg' : ''}.md`);
writeFileSync(file, `\`tsx bench/oidc/rotation-writes.ts ${N}\`\n\n${lines.join('\n')}\n`);
console.log(`written to ${file}`);
await Promise.all([here.close(), other?.close()]);
await temp.cleanup();
