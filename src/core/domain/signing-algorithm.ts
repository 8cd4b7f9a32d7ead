/**
 * The algorithms the OpenID provider signs ID tokens (and logout tokens) with, each with a key of
 * its own: RS256, which every OpenID Connect client supports and every client gets unless it says
 * otherwise; ES256 (P-256), about a quarter of RS256's cost a signature. EdDSA costs what ES256
 * costs and fewer relying parties verify it, so it is not offered (decision 0037).
 */
export const SIGNING_ALGORITHMS = ['RS256', 'ES256'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

export const DEFAULT_SIGNING_ALGORITHM: SigningAlgorithm = 'RS256';
