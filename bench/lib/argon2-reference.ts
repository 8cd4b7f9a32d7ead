import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { containerDefaults } from './container-defaults.js';
import { MEASURE_S, WARMUP_S } from './measure.js';
import type { Argon2Rate } from './results.js';

const SCRIPT = join(import.meta.dirname, '..', 'reference', 'argon2-rate.ts');

export interface Argon2Rates {
  verify: Argon2Rate;
  hash: Argon2Rate;
}

/**
 * Reference (c) in a process of its own: plain, it is the machine's limit for logins; under the
 * image's memory settings it is what those settings leave of it (malloc settings change what a
 * hash costs, so the two side by side show the settings' price in every run).
 */
export const measureArgon2 = (settings: 'plain' | 'image'): Argon2Rates => {
  const env = settings === 'image' ? { ...process.env, ...containerDefaults() } : process.env;
  const output = execFileSync(process.execPath, ['--import', 'tsx', SCRIPT, String(WARMUP_S), String(MEASURE_S)], { env });
  return JSON.parse(output.toString()) as Argon2Rates;
};
