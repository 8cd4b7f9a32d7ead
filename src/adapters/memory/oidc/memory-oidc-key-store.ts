import type { OidcKeyStore, StoredSigningKey } from '../../../core/ports/oidc-store.js';
import { copy, type MemoryTables } from '../memory-tables.js';

const newestFirst = (a: StoredSigningKey, b: StoredSigningKey): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.kid < b.kid ? 1 : a.kid > b.kid ? -1 : 0);

export class MemoryOidcKeyStore implements OidcKeyStore {
  constructor(private readonly tables: MemoryTables) {}

  async list(): Promise<StoredSigningKey[]> {
    return [...this.tables.oidcSigningKeys.values()].sort(newestFirst).map(copy);
  }

  async addWhereMissing(keys: StoredSigningKey[]): Promise<boolean> {
    const current = new Set([...this.tables.oidcSigningKeys.values()].filter((key) => key.retiredAt === null).map((key) => key.alg));
    const missing = keys.filter((key) => !current.has(key.alg));
    this.insert(missing);
    return missing.length > 0;
  }

  async rotate(keys: StoredSigningKey[], at: Date): Promise<void> {
    for (const key of this.tables.oidcSigningKeys.values()) if (key.retiredAt === null) key.retiredAt = new Date(at.getTime());
    this.insert(keys);
  }

  async deleteRetiredBefore(before: Date): Promise<number> {
    const doomed = [...this.tables.oidcSigningKeys.values()].filter((key) => key.retiredAt !== null && key.retiredAt.getTime() < before.getTime());
    for (const key of doomed) this.tables.oidcSigningKeys.delete(key.kid);
    return doomed.length;
  }

  private insert(keys: StoredSigningKey[]): void {
    if (keys.some((key) => this.tables.oidcSigningKeys.has(key.kid))) throw new Error('UNIQUE constraint failed');
    for (const key of keys) this.tables.oidcSigningKeys.set(key.kid, copy(key));
  }
}
