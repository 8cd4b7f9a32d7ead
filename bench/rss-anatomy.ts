/**
 * `tsx bench/rss-anatomy.ts ["NAME=value --v8-flag …"]…`: where the RSS sits after each load, by mapping.
 * Each variant of the server's environment (`""` is the Dockerfile's settings) serves /users/me by
 * cookie, then by bearer, then logins; 2 s after each load the server's /proc/<pid>/smaps is
 * summed into: the malloc heap ([heap], where one arena's argon2 blocks live), other anonymous
 * memory (V8's heap and mmapped blocks), and file-backed pages (the binary, libraries), with the
 * transparent huge pages among the anonymous ones, and V8's heap (committed / used, the new space
 * apart) as the server's own Prometheus listener reports it.
 *
 * `BENCH_ROWS=100000` seeds as many users and sessions as `npm run bench` (10 000 by default);
 * `BENCH_LOADS=bench` runs the seven loads of `npm run bench`'s Gatehouse section in its order
 * (cookie, bearer, /auth/verify, the two pages, logins, registrations) instead of the three.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { page, post, usersMe, withServer } from './lib/loads.js';
import type { ServerProcess } from './lib/server-process.js';
import type { WrkLoad } from './lib/wrk.js';
import { rssMbOf } from './lib/proc.js';
import { envFromPairs, startGatehouse } from './lib/servers.js';
import { ensureWrk, runWrk } from './lib/wrk.js';
import { seed, writeLines } from './seed/seed.js';

interface Anatomy {
  heap: number;
  anon: number;
  file: number;
  huge: number;
}

const anatomyOf = (pid: number): Anatomy => {
  const sums: Anatomy = { heap: 0, anon: 0, file: 0, huge: 0 };
  let kind: 'heap' | 'anon' | 'file' = 'anon';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      const name = header[2] ?? '';
      kind = name === '[heap]' ? 'heap' : name.startsWith('/') ? 'file' : 'anon';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) sums[kind] += Number(rss[1]) / 1024;
    const huge = /^AnonHugePages:\s+(\d+) kB/.exec(line);
    if (huge) sums.huge += Number(huge[1]) / 1024;
  }
  return sums;
};

const MB = 1024 * 1024;
const METRICS = '127.0.0.1:19464';

/** V8's heap spaces from the metrics listener: committed and used, all spaces and the new space. */
const v8HeapOf = async (): Promise<string> => {
  const text = await (await fetch(`http://${METRICS}/metrics`)).text();
  const sum = (metric: string, space?: string): number =>
    [...text.matchAll(new RegExp(`^${metric}\\{space="([a-z_]+)"\\} (\\S+)$`, 'gm'))].filter((m) => !space || m[1] === space).reduce((total, m) => total + Number(m[2]), 0) / MB;
  return `V8 ${sum('nodejs_heap_space_size_total_bytes').toFixed(0)}/${sum('nodejs_heap_space_size_used_bytes').toFixed(0)}, new ${sum('nodejs_heap_space_size_total_bytes', 'new').toFixed(0)}`;
};

const cell = async (pid: number): Promise<string> => {
  const a = anatomyOf(pid);
  return `${rssMbOf(pid).toFixed(0)} = heap ${a.heap.toFixed(0)} + anon ${a.anon.toFixed(0)} + files ${a.file.toFixed(0)} (THP ${a.huge.toFixed(0)}; ${await v8HeapOf()})`;
};

const work = mkdtempSync(join(tmpdir(), 'gatehouse-rss-'));
const variants = process.argv.length > 2 ? process.argv.slice(2) : [''];
try {
  ensureWrk();
  const rows = Number(process.env.BENCH_ROWS ?? 10_000);
  const seeded = await seed({ file: join(work, 'm.sqlite3'), users: rows, sessions: rows, apiTokens: 1_000, workingSet: 1_000 });
  const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
  const bearers = writeLines(join(work, 'bearers.txt'), seeded.bearers);
  const emails = writeLines(join(work, 'emails.txt'), seeded.emails);
  const benchLoads: [string, (s: ServerProcess) => Omit<WrkLoad, 'seconds'>][] = [
    ['/users/me, cookie', (s) => usersMe(s, cookies, 'cookie')],
    ['/users/me, bearer', (s) => usersMe(s, bearers, 'bearer')],
    ['/auth/verify', (s) => usersMe(s, cookies, 'cookie', '/api/v1/auth/verify')],
    ['sign-in page', (s) => page(s, '/gatehouse/sign-in')],
    ['account page', (s) => usersMe(s, cookies, 'cookie', '/gatehouse/account')],
    ['logins', (s) => post(s, 'login', { BENCH_EMAILS: emails })],
    ['registrations', (s) => post(s, 'register', { BENCH_INVITE_CODE: seeded.inviteCode, BENCH_RUN_ID: `${process.pid}` })],
  ];
  const threeLoads = ['/users/me, cookie', '/users/me, bearer', 'logins'];
  const loads = process.env.BENCH_LOADS === 'bench' ? benchLoads : benchLoads.filter(([name]) => threeLoads.includes(name));
  console.log(`| settings | idle MB | ${loads.map(([name]) => `after ${name}`).join(' | ')} |\n|---|---|${loads.map(() => '---|').join('')}`);
  for (const variant of variants) {
    // `--flag` words are node's own arguments (V8 flags NODE_OPTIONS refuses); the rest is the environment.
    const words = variant.split(' ');
    const nodeArgs = words.filter((word) => word.startsWith('--'));
    const env = { SERVICE_METRICS_ADDRESS: METRICS, ...envFromPairs(words.filter((word) => !word.startsWith('--')).join(' ')) };
    const row = await withServer(startGatehouse(seeded.url, join(work, 'g.log'), nodeArgs, env), async (s) => {
      const cells = [await cell(s.pid)];
      for (const [, load] of loads) {
        await runWrk({ ...load(s), seconds: 8 });
        await sleep(2000);
        cells.push(await cell(s.pid));
      }
      return `| ${variant || '(the image)'} | ${cells.join(' | ')} |`;
    });
    console.log(row);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
