import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { isWellFormed } from '../core/domain/storable-text.js';
import type { PasswordHasher } from '../core/ports/password-hasher.js';
import { concurrencyLimit } from './concurrency-limit.js';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMETERS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Refuse to compute a stored hash whose cost would let one row exhaust the machine. */
const MAX_MEMORY_KIB = 1_048_576;
const MAX_TIME_COST = 20;
const MAX_PARALLELISM = 16;

// argon2 writes "m=…,p=…,t=…"; read the fields by name, in whatever order they come.
const parametersOf = (hash: string): { m: number; t: number; p: number } | null => {
  const match = /^\$argon2id\$v=19\$([a-z0-9=,]+)\$/.exec(hash);
  if (!match) return null;
  const fields = new Map((match[1] ?? '').split(',').map((pair) => pair.split('=') as [string, string]));
  const [m, t, p] = ['m', 't', 'p'].map((key) => Number(fields.get(key)));
  return Number.isInteger(m) && Number.isInteger(t) && Number.isInteger(p) ? { m: m!, t: t!, p: p! } : null;
};

const isComputable = (hash: string): boolean => {
  const params = parametersOf(hash);
  return params !== null && params.m <= MAX_MEMORY_KIB && params.t <= MAX_TIME_COST && params.p <= MAX_PARALLELISM;
};

export class Argon2PasswordHasher implements PasswordHasher {
  // Made once with the live parameters so an unknown email pays for a real verification.
  private readonly dummyHash: Promise<string>;
  // One hash per core: more only queue on the CPU and take it from the event loop. The cap is also
  // argon2's memory bound: at most this many 19 MiB blocks at once, which the image's allocator
  // setting keeps for reuse instead of handing back (decision 0025).
  private readonly limit = concurrencyLimit(availableParallelism());

  constructor(private readonly parameters = ARGON2_PARAMETERS) {
    this.dummyHash = argon2.hash('gatehouse-dummy-password', parameters);
  }

  hash(password: string): Promise<string> {
    if (!isWellFormed(password)) return Promise.reject(new Error('refusing to hash a password with lone surrogates'));
    return this.limit(() => argon2.hash(password, this.parameters));
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    // The binding writes each lone surrogate as U+FFFD, so such a password would match others: it never verifies.
    if (!isWellFormed(password)) return false;
    if (hash === null) {
      const dummy = await this.dummyHash;
      await this.limit(() => argon2.verify(dummy, password));
      return false;
    }
    if (!isComputable(hash)) return false;
    return this.limit(() => argon2.verify(hash, password));
  }

  needsRehash(hash: string): boolean {
    const params = parametersOf(hash);
    return (
      params === null ||
      params.m !== this.parameters.memoryCost ||
      params.t !== this.parameters.timeCost ||
      params.p !== this.parameters.parallelism
    );
  }
}
