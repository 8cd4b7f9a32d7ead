import { RETIRED_KEY_PUBLISHED_MS } from '../../domain/oidc-signing-key.js';
import type { Ports } from '../../ports/ports.js';
import { newSigningKeys } from './load-oidc-signing-keys.js';

export interface RotatedSigningKeys {
  /** The new current keys' ids, RS256 first. */
  kids: string[];
  /** Keys retired long enough ago, deleted now. */
  deleted: number;
  /** How long the keys retired now stay published. */
  publishedForMs: number;
}

/**
 * `gatehouse oidc rotate-keys`: new current keys for every instance; the old ones stay published
 * for a while, then go at a later rotation. The log records it, naming the new RS256 key.
 */
export type RotateOidcSigningKeysAsOperator = () => Promise<RotatedSigningKeys>;

export const makeRotateOidcSigningKeysAsOperator =
  (deps: Pick<Ports, 'oidcKeys' | 'secretBox' | 'secrets' | 'clock' | 'log'>): RotateOidcSigningKeysAsOperator =>
  async () => {
    const now = deps.clock.now();
    const keys = newSigningKeys(deps, now);
    await deps.oidcKeys.rotate(keys, now);
    const deleted = await deps.oidcKeys.deleteRetiredBefore(new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS));
    deps.log.write({ type: 'oidc_signing_keys_rotated', userId: null, actor: 'operator', actorId: null, targetId: keys[0]?.kid ?? null });
    return { kids: keys.map((key) => key.kid), deleted, publishedForMs: RETIRED_KEY_PUBLISHED_MS };
  };
