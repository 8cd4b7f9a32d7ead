export type SecretKind = 'session' | 'api_token' | 'invite';

export interface IssuedSecret {
  /** Shown to its holder once; never stored. */
  secret: string;
  /** What is stored and looked up: SHA-256 of the whole secret, lowercase hex. */
  hash: string;
}

export interface SecretGenerator {
  issue(kind: SecretKind): IssuedSecret;
  hashOf(secret: string): string;
}
