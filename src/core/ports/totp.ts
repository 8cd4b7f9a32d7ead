/** RFC 6238 with the parameters of docs/security.md (HMAC-SHA-1, 6 digits, 30 seconds). */
export interface Totp {
  /** 160 random bits, base32 (what an authenticator app is given). */
  newSecret(): string;
  /** The time step, within one step either side of `now`, whose code this is; null when none. */
  matchStep(secret: string, code: string, now: Date): number | null;
}
