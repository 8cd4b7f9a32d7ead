import type { PasswordHasher } from '../../../src/core/ports/password-hasher.js';

/** A cheap, honest stand-in for argon2 that records every verification it performs. */
export class CountingHasher implements PasswordHasher {
  readonly verifications: { hash: string; params: string }[] = [];
  constructor(private readonly params = 'v1') {}

  async hash(password: string): Promise<string> {
    return `fake$${this.params}$${password}`;
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    const used = hash ?? `fake$${this.params}$\u0000dummy`;
    this.verifications.push({ hash: used, params: used.split('$')[1] ?? '' });
    return hash !== null && hash === `fake$${used.split('$')[1]}$${password}`;
  }

  needsRehash(hash: string): boolean {
    return !hash.startsWith(`fake$${this.params}$`);
  }
}
