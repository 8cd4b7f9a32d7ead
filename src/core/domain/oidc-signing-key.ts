import type { StoredSigningKey } from '../ports/oidc-store.js';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from './signing-algorithm.js';

/**
 * How long a retired key stays published: the longest anything it signed stays valid (an ID token,
 * 10 minutes; access and refresh tokens are opaque, not signed), with room for clocks and caches.
 */
export const RETIRED_KEY_PUBLISHED_MS = 60 * 60 * 1000;

/** What a key's private JWK is sealed to: a sealed key cannot be passed off as another's. */
export const signingKeySealContext = (kid: string): string => `oidc-signing-key:${kid}`;

const byAlgorithm = (a: StoredSigningKey, b: StoredSigningKey): number => SIGNING_ALGORITHMS.indexOf(a.alg) - SIGNING_ALGORITHMS.indexOf(b.alg);

/**
 * The keys to sign with and publish: current keys first, RS256 then ES256 (the provider signs
 * with the first of an algorithm, and lists the algorithms in discovery in the order it meets them),
 * then those retired recently enough, newest first.
 */
export const publishedSigningKeys = (stored: readonly StoredSigningKey[], now: Date): StoredSigningKey[] => {
  const published = stored.filter((key) => key.retiredAt === null || now.getTime() - key.retiredAt.getTime() < RETIRED_KEY_PUBLISHED_MS);
  return [...published.filter((key) => key.retiredAt === null).sort(byAlgorithm), ...published.filter((key) => key.retiredAt !== null)];
};

/**
 * The algorithms without a current key: all of them in an empty table, and any a later release adds
 * in a database made before it, which then gains its key at the next start without a rotation.
 */
export const algorithmsWithoutCurrentKey = (stored: readonly StoredSigningKey[]): SigningAlgorithm[] =>
  SIGNING_ALGORITHMS.filter((alg) => !stored.some((key) => key.alg === alg && key.retiredAt === null));
