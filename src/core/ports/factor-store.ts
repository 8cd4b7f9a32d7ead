import type { PendingLogin } from '../domain/pending-login.js';
import type { FactorSummary, Passkey, RecoveryCode, TotpFactor } from '../domain/second-factor.js';
import type { SecondFactorFailure } from '../domain/second-factor-cap.js';
import type { ChallengePurpose, WebAuthnChallenge } from '../domain/webauthn-challenge.js';

/**
 * One user's second factors, pending logins and WebAuthn challenges, confined to that user like
 * everything else on its scope (`scope.factors`), and inside `scope.transaction` part of it.
 * The single-use operations are one conditional statement each, so of any number of concurrent
 * callers exactly one succeeds.
 */
export interface FactorStore {
  summary(): Promise<FactorSummary>;

  findTotp(): Promise<TotpFactor | null>;
  insertTotp(factor: TotpFactor): Promise<void>;
  /** Deletes the user's TOTP factor, confirmed or not; false when there was none. */
  deleteTotp(): Promise<boolean>;
  confirmTotp(confirmedAt: Date, step: number): Promise<boolean>;
  /** Moves the last used step forward to `step`; false when that step or a later one was used (replay). */
  useTotpStep(step: number): Promise<boolean>;
  resealTotp(sealedSecret: string): Promise<void>;

  /** Oldest first. */
  listPasskeys(): Promise<Passkey[]>;
  findPasskeyByCredentialId(credentialId: string): Promise<Passkey | null>;
  /** False when the credential is already registered, to this user or any other (nothing is written). */
  insertPasskey(passkey: Passkey): Promise<boolean>;
  touchPasskey(id: string, counter: number, lastUsedAt: Date): Promise<void>;
  deletePasskey(id: string): Promise<boolean>;
  deletePasskeys(): Promise<number>;

  /** Every earlier code is void. */
  replaceRecoveryCodes(codes: RecoveryCode[]): Promise<void>;
  /** Deletes the code with that hash: true for exactly one of concurrent callers. */
  useRecoveryCode(codeHash: string): Promise<boolean>;
  deleteRecoveryCodes(): Promise<number>;

  /** Inserts it, and deletes the user's pending logins that expired by `pending.createdAt`. */
  insertPendingLogin(pending: PendingLogin): Promise<void>;
  /** Counts one attempt while fewer than `limit` were made; false when none is left or it is gone. */
  countPendingLoginAttempt(id: string, limit: number): Promise<boolean>;
  deletePendingLogin(id: string): Promise<boolean>;
  /** Ends every pending login of the user (an account recovery, a disabled account); answers how many went. */
  deletePendingLogins(): Promise<number>;

  /** Counts one refused second-factor proof; answers how many are counted now, this one included. */
  countSecondFactorFailure(failure: SecondFactorFailure): Promise<number>;
  /** How many consecutive refused proofs are counted (the cap locks the second step). */
  countSecondFactorFailures(): Promise<number>;
  /** A success or an admin's MFA reset: the count starts again. */
  clearSecondFactorFailures(): Promise<void>;

  /** Replaces the challenge of the same binding and purpose, and drops the user's expired ones. */
  replaceChallenge(challenge: WebAuthnChallenge, now: Date): Promise<void>;
  /** Removes and answers the challenge of that binding and purpose: single-use. */
  takeChallenge(boundTo: string, purpose: ChallengePurpose): Promise<WebAuthnChallenge | null>;
}
