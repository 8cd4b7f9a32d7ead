import type Provider from 'oidc-provider';
import type { JWK } from 'oidc-provider';

/** A fingerprint of the key set, so an instance notices another's rotation and reloads. */
export const keySetId = (keys: readonly JWK[]): string => keys.map((key) => key.kid).join(',');

/** How often an instance looks for another's key rotation. */
const KEY_CHECK_MS = 60_000;

/**
 * The provider, made once the signing keys could be read, and made again when another instance
 * (or `gatehouse oidc rotate-keys`) changed them. Until the database answers with its keys (an
 * un-migrated database under `serve --no-migrate`, an outage), each request tries again: the
 * service starts regardless, and the provider's routes answer 503 meanwhile.
 */
export class ProviderHolder {
  private current: { provider: Provider; keys: string; checkedAt: number } | null = null;
  private loading: Promise<Provider> | null = null;

  constructor(
    private readonly loadKeys: () => Promise<JWK[]>,
    private readonly build: (keys: JWK[]) => Provider,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<Provider> {
    const current = this.current;
    if (current && this.now() - current.checkedAt < KEY_CHECK_MS) return Promise.resolve(current.provider);
    this.loading ??= this.load().finally(() => (this.loading = null));
    return current ? this.loading.catch(() => current.provider) : this.loading;
  }

  private async load(): Promise<Provider> {
    const keys = await this.loadKeys();
    const id = keySetId(keys);
    const provider = this.current?.keys === id ? this.current.provider : this.build(keys);
    this.current = { provider, keys: id, checkedAt: this.now() };
    return provider;
  }
}
