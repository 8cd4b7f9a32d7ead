/**
 * `tsx bench/threads.ts [login|cookie|register] [seconds]`: where a load's CPU goes by thread. Runs the built
 * server on a seeded database (10 000 users), applies the load after a 3 s warm-up, and prints each
 * thread's CPU per request (utime + stime from /proc/<pid>/task/<tid>/stat, stime apart): the event
 * loop by name; the others are all called `node`, where libuv's four pool threads (the hashes) are
 * the four busiest under logins and V8's helpers (garbage collector, compiler) the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, usersMe, withServer } from './lib/loads.js';
import { threadCpuOf } from './lib/proc.js';
import { startGatehouse } from './lib/servers.js';
import { ensureWrk, runWrk } from './lib/wrk.js';
import { seed, writeLines } from './seed/seed.js';

const what = process.argv[2] ?? 'login';
const seconds = Number(process.argv[3] ?? 10);

ensureWrk();
const work = mkdtempSync(join(tmpdir(), 'gatehouse-threads-'));
try {
  const seeded = await seed({ file: join(work, 'threads.sqlite3'), users: 10_000, sessions: 10_000, apiTokens: 0, workingSet: 1_000 });
  const emails = writeLines(join(work, 'emails.txt'), seeded.emails);
  const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
  await withServer(startGatehouse(seeded.url, join(work, 'server.log')), async (server) => {
    const load =
      what === 'cookie' ? usersMe(server, cookies, 'cookie')
      : what === 'register' ? post(server, 'register', { BENCH_INVITE_CODE: seeded.inviteCode })
      : post(server, 'login', { BENCH_EMAILS: emails });
    // Each wrk run numbers its registrations from zero: a run id of its own keeps every email new.
    const run = (id: string, s: number) => runWrk({ ...load, env: { ...load.env, BENCH_RUN_ID: `${process.pid}-${id}` }, seconds: s });
    await run('warm-up', 3);
    const before = threadCpuOf(server.pid);
    const result = await run('measured', seconds);
    if (result.errors > 0) throw new Error(`${result.errors} failed requests`);
    const after = threadCpuOf(server.pid);
    const used = [...after].map(([tid, now]) => {
      const then = before.get(tid) ?? { ms: 0, kernelMs: 0 };
      return { label: `${tid === String(server.pid) ? 'main (event loop)' : now.name} ${tid}`, ms: now.ms - then.ms, kernelMs: now.kernelMs - then.kernelMs };
    });
    console.log(`${what}: ${result.requests} requests, ${result.rps.toFixed(1)}/s; CPU per request by thread (of which in the kernel):`);
    for (const { label, ms, kernelMs } of used.sort((a, b) => b.ms - a.ms)) {
      console.log(`${label.padEnd(24)} ${(ms / result.requests).toFixed(3)} ms  (${(kernelMs / result.requests).toFixed(3)} ms)`);
    }
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
