import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { OidcKeyStore, SigningAlgorithm, StoredSigningKey } from '../core/ports/oidc-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';

/**
 * How long a retired key stays published: the longest anything it signed stays valid (an ID token,
 * 10 minutes; access and refresh tokens are opaque, not signed), with room for clocks and caches.
 */
export const RETIRED_KEY_PUBLISHED_MS = 60 * 60 * 1000;

const ALGORITHMS: SigningAlgorithm[] = ['RS256', 'ES256'];

const sealContext = (kid: string): string => `oidc-signing-key:${kid}`;

const generate = (alg: SigningAlgorithm): JWK => {
  const pair = alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return pair.privateKey.export({ format: 'jwk' }) as JWK;
};

/** A fresh RS256 and ES256 key, their private JWKs sealed with the service key. */
export const newSigningKeys = (box: SecretBox, at: Date): StoredSigningKey[] =>
  ALGORITHMS.map((alg) => {
    const kid = randomUUID();
    const jwk = { ...generate(alg), kid, alg, use: 'sig' };
    return { kid, alg, sealedJwk: box.seal(JSON.stringify(jwk), sealContext(kid)), createdAt: at, retiredAt: null };
  });

/**
 * The private JWKs to sign with and publish: current keys first (the provider signs with the first
 * of an algorithm), then those retired recently enough. At the first start the keys are made; of
 * several instances starting at once, one set lands and every instance reads that one.
 */
export const loadSigningKeys = async (store: OidcKeyStore, box: SecretBox, now: Date): Promise<JWK[]> => {
  let stored = await store.list();
  if (stored.length === 0) {
    await store.addIfNone(newSigningKeys(box, now));
    stored = await store.list();
  }
  const published = stored.filter((key) => key.retiredAt === null || now.getTime() - key.retiredAt.getTime() < RETIRED_KEY_PUBLISHED_MS);
  const ordered = [...published.filter((key) => key.retiredAt === null), ...published.filter((key) => key.retiredAt !== null)];
  return ordered.map((key) => {
    const opened = box.open(key.sealedJwk, sealContext(key.kid));
    if (!opened) throw new Error(`OpenID signing key ${key.kid} does not open with SERVICE_SECRET_KEY (nor the previous key)`);
    return JSON.parse(opened.plaintext) as JWK;
  });
};

/** `gatehouse oidc rotate-keys`: new current keys; the old ones stay published for a while, then go. */
export const rotateSigningKeys = async (store: OidcKeyStore, box: SecretBox, now: Date): Promise<{ kids: string[]; deleted: number }> => {
  const keys = newSigningKeys(box, now);
  await store.rotate(keys, now);
  const deleted = await store.deleteRetiredBefore(new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS));
  return { kids: keys.map((key) => key.kid), deleted };
};

/** A fingerprint of the key set, so an instance notices another's rotation and reloads. */
export const keySetId = (keys: readonly JWK[]): string => keys.map((key) => key.kid).join(',');
