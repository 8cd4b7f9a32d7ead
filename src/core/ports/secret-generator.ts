import type { SigningAlgorithm } from '../domain/signing-algorithm.js';

/** Pending logins and passwordless challenges ride in cookies like sessions; recovery codes (MFA and account) are typed by people. */
export type SecretKind =
  | 'session'
  | 'api_token'
  | 'invite'
  | 'pending_login'
  | 'passkey_challenge'
  | 'recovery_code'
  | 'account_recovery'
  /** Not a secret, but random all the same: an OpenID client's id, a random UUID (the trail names it as an id). */
  | 'oidc_client_id'
  | 'oidc_client_secret';

export interface IssuedSecret {
  /** Shown to its holder once; never stored. */
  secret: string;
  /** What is stored and looked up: SHA-256 of the whole secret (of a recovery code or an account-recovery code: its normalised form), lowercase hex. */
  hash: string;
}

/** A fresh signing key pair: its id, and the private key as a JWK (kid, alg and use set). */
export interface GeneratedSigningKey {
  kid: string;
  privateJwk: Record<string, unknown>;
}

export interface SecretGenerator {
  issue(kind: SecretKind): IssuedSecret;
  hashOf(secret: string): string;
  /** The OpenID provider's: RS256 is RSA 2048, ES256 is P-256. */
  signingKey(alg: SigningAlgorithm): GeneratedSigningKey;
}
