import type { UserId } from './user-id.js';

/** An authenticator app's shared secret, sealed at rest; confirmed once a first code matched. */
export interface TotpFactor {
  id: string;
  userId: UserId;
  /** The base32 secret as the SecretBox sealed it: never the secret itself. */
  sealedSecret: string;
  createdAt: Date;
  confirmedAt: Date | null;
  /** The last time step accepted; a code of this step or an earlier one is never accepted again (replay). */
  lastUsedStep: number;
}

export interface Passkey {
  id: string;
  userId: UserId;
  name: string;
  /** base64url, as the authenticator reported it. */
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  /** Comma-separated transport hints (usb, nfc, ble, internal, hybrid), or empty. */
  transports: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface RecoveryCode {
  id: string;
  userId: UserId;
  /** SHA-256 of the normalised code; the code itself is shown once and kept nowhere. */
  codeHash: string;
  createdAt: Date;
}

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery_code';

/** docs/security.md: at most 10 passkeys, 10 recovery codes. */
export const PASSKEY_LIMIT = 10;
export const RECOVERY_CODE_COUNT = 10;

/** What a user has, for login's `methods` and GET /mfa. */
export interface FactorSummary {
  totp: boolean;
  passkeys: number;
  recoveryCodes: number;
}

export const hasSecondFactor = (summary: FactorSummary): boolean => summary.totp || summary.passkeys > 0;

/** The methods a pending login may be completed with, in a stable order. */
export const methodsOf = (summary: FactorSummary): SecondFactorMethod[] => [
  ...(summary.totp ? (['totp'] as const) : []),
  ...(summary.passkeys > 0 ? (['passkey'] as const) : []),
  ...(summary.recoveryCodes > 0 ? (['recovery_code'] as const) : []),
];
