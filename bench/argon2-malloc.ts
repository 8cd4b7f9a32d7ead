/**
 * `tsx bench/argon2-malloc.ts [rounds] ["NAME=value …" …]`: reference (c), argon2id with the
 * service's parameters two in flight, in a process of its own under each glibc malloc setting
 * (variants interleaved, `rounds` times), so that the setting under which hashes are fastest can
 * be chosen on the machine at hand. Prints CPU ms per verify and per hash, the rates, and the RSS
 * the process keeps 1 s after its last hash.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { containerDefaults } from './lib/container-defaults.js';
import { envFromPairs } from './lib/servers.js';

const SCRIPT = join(import.meta.dirname, 'reference', 'argon2-rate.ts');
const [roundsArg, ...custom] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const DEFAULTS: Record<string, Record<string, string>> = {
  'plain glibc': {},
  'the image': { GLIBC_TUNABLES: containerDefaults().GLIBC_TUNABLES ?? '' },
  'one arena, blocks kept (threshold 32 MiB, trim 4 MiB), hugetlb': {
    GLIBC_TUNABLES: 'glibc.malloc.arena_max=1:glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4194304',
  },
  'one arena, blocks kept, no hugetlb': {
    GLIBC_TUNABLES: 'glibc.malloc.arena_max=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4194304',
  },
};
const variants = custom.length > 0 ? Object.fromEntries(custom.map((pairs) => [pairs, envFromPairs(pairs)])) : DEFAULTS;

interface Rate {
  perSecond: number;
  cpuMsEach: number;
}
const results = new Map<string, { verify: Rate; hash: Rate; rssMb: number }[]>();
console.log(`load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (let round = 0; round < rounds; round++) {
  for (const [name, env] of Object.entries(variants)) {
    const { NODE_OPTIONS: _ignored, ...base } = process.env;
    const output = execFileSync(process.execPath, ['--import', 'tsx', SCRIPT, '1', '5'], { env: { ...base, ...env } });
    const line = JSON.parse(output.toString()) as { verify: Rate; hash: Rate; rssMb: number };
    results.set(name, [...(results.get(name) ?? []), line]);
  }
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
console.log('| malloc setting | CPU ms/verify | verify/s | CPU ms/hash | hash/s | RSS MB kept |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, lines] of results) {
  const range = (pick: (l: (typeof lines)[number]) => number, digits: number) => {
    const values = lines.map(pick);
    return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  };
  console.log(
    `| ${name} | ${range((l) => l.verify.cpuMsEach, 1)} | ${range((l) => l.verify.perSecond, 1)} | ${range((l) => l.hash.cpuMsEach, 1)} | ${range((l) => l.hash.perSecond, 1)} | ${range((l) => l.rssMb, 0)} |`,
  );
}
