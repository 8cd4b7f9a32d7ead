import type { SigningAlgorithm, StoredSigningKey } from '../ports/oidc-store.js';

/**
 * How long a retired key stays published: the longest anything it signed stays valid (an ID token,
 * 10 minutes; access and refresh tokens are opaque, not signed), with room for clocks and caches.
 */
export const RETIRED_KEY_PUBLISHED_MS = 60 * 60 * 1000;

/** The provider signs ID tokens with RS256; ES256 is published beside it. */
export const SIGNING_ALGORITHMS: readonly SigningAlgorithm[] = ['RS256', 'ES256'];

/** What a key's private JWK is sealed to: a sealed key cannot be passed off as another's. */
export const signingKeySealContext = (kid: string): string => `oidc-signing-key:${kid}`;

/**
 * The keys to sign with and publish: current keys first (the provider signs with the first of an
 * algorithm), then those retired recently enough.
 */
export const publishedSigningKeys = (stored: readonly StoredSigningKey[], now: Date): StoredSigningKey[] => {
  const published = stored.filter((key) => key.retiredAt === null || now.getTime() - key.retiredAt.getTime() < RETIRED_KEY_PUBLISHED_MS);
  return [...published.filter((key) => key.retiredAt === null), ...published.filter((key) => key.retiredAt !== null)];
};
