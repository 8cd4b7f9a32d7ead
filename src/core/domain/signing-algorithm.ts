/**
 * The algorithms the OpenID provider signs ID tokens (and logout tokens) with, each with a key of
 * its own: RS256, which every OpenID Connect client supports and every client gets unless it says
 * otherwise; ES256 (P-256) and EdDSA (Ed25519), about a quarter of RS256's cost a signature.
 */
export const SIGNING_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

export const DEFAULT_SIGNING_ALGORITHM: SigningAlgorithm = 'RS256';
