import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startCountingProxy } from '../../spec/support/db/counting-proxy.js';
import { databaseUrl, onServer } from '../../spec/support/db/postgres-admin.js';

// Usage: npx tsx bench/outage/run.ts [outage seconds, default 20]
// One `gatehouse serve` on PostgreSQL behind a counting TCP relay, under CLIENTS request loops
// (GET /users/me by cookie, 10 ms apart); the relay is cut for the outage, then restored. Prints
// what an operator would see. GATEHOUSE_ROOT points at another checkout's build to compare.
const OUTAGE_MS = 1000 * Number(process.argv[2] ?? 20);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const ROOT = resolve(process.env.GATEHOUSE_ROOT ?? join(import.meta.dirname, '../..'));
const CLI = join(ROOT, 'dist/cli/main.js');
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple 42';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const name = `gatehouse_bench_${randomBytes(6).toString('hex')}`;
await onServer(`create database ${name}`);
const direct = databaseUrl(name);
const env = (url: string) => ({ PATH: process.env.PATH, SERVICE_ENVIRONMENT: 'test', SERVICE_DATABASE_URL: url, SERVICE_PUBLIC_URL: ORIGIN });
spawnSync(process.execPath, [CLI, 'migrate', 'latest'], { env: env(direct) });
spawnSync(process.execPath, [CLI, 'create-admin', '--email', 'ops@example.com', '--password-stdin'], { env: env(direct), input: PASSWORD });
const { hostname, port } = new URL(direct);
const proxy = await startCountingProxy({ host: hostname, port: Number(port || 5432) });
const child = spawn(process.execPath, [CLI, 'serve', '--no-migrate'], {
  env: { ...env(proxy.urlFor(direct)), HOST: '127.0.0.1', PORT: '0', SERVICE_LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let stdout = '';
child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
while (!/"port":\d+/.test(stdout)) await sleep(50);
const base = `http://127.0.0.1:${/"port":(\d+)/.exec(stdout)![1]}/api/v1`;
const login = await fetch(`${base}/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ops@example.com', password: PASSWORD }),
});
const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

let phase: 'before' | 'outage' | 'after' = 'before';
let running = true;
const statuses: Record<string, Record<string, number>> = { before: {}, outage: {}, after: {} };
const loop = async () => {
  while (running) {
    const started = phase;
    const response = await fetch(`${base}/users/me`, { headers: { cookie, origin: ORIGIN } }).catch(() => null);
    const key = `${response?.status ?? 'no answer'}${response?.headers.get('retry-after') ? ' (Retry-After)' : ''}`;
    const bucket = statuses[started === phase ? started : 'after']!;
    bucket[key] = (bucket[key] ?? 0) + 1;
    await response?.arrayBuffer();
    await sleep(10);
  }
};
const load = Promise.all(Array.from({ length: CLIENTS }, loop));
await sleep(2_000);
const acceptedBefore = proxy.accepted();
phase = 'outage';
proxy.cut();
await sleep(OUTAGE_MS);
const attempts = proxy.accepted() - acceptedBefore;
proxy.restore();
const restoredAt = Date.now();
phase = 'after';
let recoveredMs = NaN;
while (Date.now() - restoredAt < 60_000) {
  const reply = await fetch(`${base}/users/me`, { headers: { cookie, origin: ORIGIN } });
  if (reply.status === 200) {
    recoveredMs = Date.now() - restoredAt;
    break;
  }
  await sleep(100);
}
await sleep(1_000);
running = false;
await load;
child.kill('SIGTERM');
await once(child, 'close');
await proxy.close();
await onServer(`drop database if exists ${name} with (force)`);

const lines = stdout.split('\n').filter(Boolean);
const nonJson = lines.filter((line) => { try { return typeof JSON.parse(line) !== 'object'; } catch { return true; } });
const parsed = lines.filter((line) => !nonJson.includes(line)).map((line) => JSON.parse(line) as Record<string, unknown>);
console.log(JSON.stringify({
  build: ROOT, clients: CLIENTS, outage_s: OUTAGE_MS / 1000, statuses,
  connection_attempts_during_outage: attempts, attempts_per_second: +(attempts / (OUTAGE_MS / 1000)).toFixed(2),
  recovered_after_restore_ms: recoveredMs, stdout_lines: lines.length, non_json_lines: nonJson.length,
  error_level_lines: parsed.filter((r) => Number(r.level) >= 50).length,
  outage_events: parsed.filter((r) => typeof r.event === 'string').map((r) => ({ level: r.level, event: r.event, duration_ms: r.duration_ms, failed_probes: r.failed_probes })),
}, null, 2));
