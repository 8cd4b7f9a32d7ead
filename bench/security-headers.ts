/**
 * `tsx bench/security-headers.ts`: the security headers written one `setHeader` at a time (round 2)
 * against the precomputed block (round 3), on an otherwise bare Express 5 route, served side by
 * side and loaded in alternating 4 s slices (5 rounds each, after a warm-up) so that a shared
 * machine's load falls on both alike. Prints req/s and CPU ms/request of each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { page } from './lib/loads.js';
import { cpuMsOf } from './lib/proc.js';
import { startReference } from './lib/servers.js';
import { ensureWrk, runWrk } from './lib/wrk.js';

const work = mkdtempSync(join(tmpdir(), 'gatehouse-headers-'));
ensureWrk();
const servers = {
  loop: await startReference('headers-server', { HEADERS: 'loop' }, join(work, 'loop.log')),
  block: await startReference('headers-server', { HEADERS: 'block' }, join(work, 'block.log')),
};
try {
  const totals = { loop: { requests: 0, seconds: 0, cpuMs: 0 }, block: { requests: 0, seconds: 0, cpuMs: 0 } };
  for (const s of Object.values(servers)) await runWrk({ ...page(s, '/api/v1/users/me'), seconds: 3 });
  for (let round = 0; round < 5; round++) {
    for (const name of round % 2 === 0 ? (['loop', 'block'] as const) : (['block', 'loop'] as const)) {
      const s = servers[name];
      const cpu = cpuMsOf(s.pid);
      const result = await runWrk({ ...page(s, '/api/v1/users/me'), seconds: 4 });
      totals[name].cpuMs += cpuMsOf(s.pid) - cpu;
      totals[name].requests += result.requests;
      totals[name].seconds += result.seconds;
    }
  }
  for (const [name, t] of Object.entries(totals)) {
    console.log(`${name.padEnd(6)} ${(t.requests / t.seconds).toFixed(0).padStart(6)} req/s  ${((1000 * t.cpuMs) / t.requests).toFixed(1)} CPU µs/request`);
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
}
