import { SIGNING_ALGORITHMS } from '../core/domain/signing-algorithm.js';

/**
 * The ID token algorithms a client may be registered with, and so what discovery lists: each has a
 * current key (load-oidc-signing-keys.ts makes one for an algorithm that has none). The default
 * stays RS256 (clientDefaults), which OpenID Connect requires a provider to offer.
 */
export const idTokenSigningAlgValues = [...SIGNING_ALGORITHMS];
