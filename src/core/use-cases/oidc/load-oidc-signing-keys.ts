import { algorithmsWithoutCurrentKey, publishedSigningKeys, signingKeySealContext } from '../../domain/oidc-signing-key.js';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from '../../domain/signing-algorithm.js';
import type { StoredSigningKey } from '../../ports/oidc-store.js';
import type { Ports } from '../../ports/ports.js';

type KeyDeps = Pick<Ports, 'oidcKeys' | 'secretBox' | 'secrets' | 'clock'>;

/** A fresh key per algorithm (every one unless told), its private JWK sealed with the service key. */
export const newSigningKeys = (
  { secretBox, secrets }: Pick<KeyDeps, 'secretBox' | 'secrets'>,
  at: Date,
  algorithms: readonly SigningAlgorithm[] = SIGNING_ALGORITHMS,
): StoredSigningKey[] =>
  algorithms.map((alg) => {
    const { kid, privateJwk } = secrets.signingKey(alg);
    return { kid, alg, sealedJwk: secretBox.seal(JSON.stringify(privateJwk), signingKeySealContext(kid)), createdAt: at, retiredAt: null };
  });

/**
 * For the provider (src/oidc): the private JWKs (JSON) to sign with and publish, current keys first.
 * An algorithm without a current key gets one: every algorithm at the first start, and one a release
 * added in a database made before it. Of several instances doing so at once, one set lands and every
 * instance reads that one.
 */
export type LoadOidcSigningKeys = () => Promise<string[]>;

export const makeLoadOidcSigningKeys =
  (deps: KeyDeps): LoadOidcSigningKeys =>
  async () => {
    const now = deps.clock.now();
    let stored = await deps.oidcKeys.list();
    const missing = algorithmsWithoutCurrentKey(stored);
    if (missing.length > 0) {
      await deps.oidcKeys.addWhereMissing(newSigningKeys(deps, now, missing));
      stored = await deps.oidcKeys.list();
    }
    return publishedSigningKeys(stored, now).map((key) => {
      const opened = deps.secretBox.open(key.sealedJwk, signingKeySealContext(key.kid));
      if (!opened) throw new Error(`OpenID signing key ${key.kid} does not open with SERVICE_SECRET_KEY (nor the previous key)`);
      return opened.plaintext;
    });
  };
