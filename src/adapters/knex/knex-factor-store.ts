import type { PendingLogin } from '../../core/domain/pending-login.js';
import type { FactorSummary, Passkey, RecoveryCode, TotpFactor } from '../../core/domain/second-factor.js';
import type { SecondFactorFailure } from '../../core/domain/second-factor-cap.js';
import type { ChallengePurpose, WebAuthnChallenge } from '../../core/domain/webauthn-challenge.js';
import type { FactorStore } from '../../core/ports/factor-store.js';
import type { ScopedAccess } from './access/scoped-access.js';
import { isUniqueViolation } from './connection/unique-violation.js';
import { factorCounts, summaryOf } from './factor-counts.js';
import type { PreparedScopeQueries } from './hot-path/prepared-scope-queries.js';
import { PASSKEYS, PENDING_LOGINS, RECOVERY_CODES, SECOND_FACTOR_FAILURES, TOTP_FACTORS, WEBAUTHN_CHALLENGES } from './models/index.js';

/**
 * The FactorStore on a user scope's own access (and so its transaction): every statement carries
 * the user filter, and each single-use step is one conditional UPDATE or DELETE whose row count
 * says who won — correct under SQLite's write lock and PostgreSQL's row locks alike.
 */
export class KnexFactorStore implements FactorStore {
  /** `prepared`: SQLite outside a transaction, where the summary every sign-in reads runs on statements prepared once. */
  constructor(
    private readonly access: ScopedAccess,
    private readonly prepared: PreparedScopeQueries | null = null,
  ) {}

  async summary(): Promise<FactorSummary> {
    if (this.prepared) return this.prepared.factorSummary(this.access.userId);
    const counts = factorCounts(this.access);
    return summaryOf({ totp: await counts.totp.count(), passkeys: await counts.passkeys.count(), recoveryCodes: await counts.recoveryCodes.count() });
  }

  findTotp(): Promise<TotpFactor | null> {
    return this.access.select(TOTP_FACTORS).first();
  }

  insertTotp(factor: TotpFactor): Promise<void> {
    return this.access.insert(TOTP_FACTORS, factor);
  }

  async deleteTotp(): Promise<boolean> {
    return (await this.access.delete(TOTP_FACTORS)) > 0;
  }

  async confirmTotp(confirmedAt: Date, step: number): Promise<boolean> {
    return (await this.access.update(TOTP_FACTORS, { confirmedAt, lastUsedStep: step }, (row) => row.where('lastUsedStep', '<', step))) > 0;
  }

  async useTotpStep(step: number): Promise<boolean> {
    return (await this.access.update(TOTP_FACTORS, { lastUsedStep: step }, (row) => row.where('lastUsedStep', '<', step))) > 0;
  }

  async resealTotp(sealedSecret: string): Promise<void> {
    await this.access.update(TOTP_FACTORS, { sealedSecret });
  }

  listPasskeys(): Promise<Passkey[]> {
    return this.access.select(PASSKEYS).orderBy('createdAt').orderBy('id').all();
  }

  findPasskeyByCredentialId(credentialId: string): Promise<Passkey | null> {
    return this.access.select(PASSKEYS).where('credentialId', credentialId).first();
  }

  async insertPasskey(passkey: Passkey): Promise<boolean> {
    try {
      await this.access.insert(PASSKEYS, passkey);
      return true;
    } catch (error) {
      if (isUniqueViolation(error, PASSKEYS.table, 'credential_id')) return false;
      throw error;
    }
  }

  async touchPasskey(id: string, counter: number, lastUsedAt: Date): Promise<void> {
    await this.access.update(PASSKEYS, { counter, lastUsedAt }, (row) => row.where('id', id));
  }

  async deletePasskey(id: string): Promise<boolean> {
    return (await this.access.delete(PASSKEYS, (row) => row.where('id', id))) > 0;
  }

  deletePasskeys(): Promise<number> {
    return this.access.delete(PASSKEYS);
  }

  async replaceRecoveryCodes(codes: RecoveryCode[]): Promise<void> {
    await this.access.delete(RECOVERY_CODES);
    for (const code of codes) await this.access.insert(RECOVERY_CODES, code);
  }

  async useRecoveryCode(codeHash: string): Promise<boolean> {
    return (await this.access.delete(RECOVERY_CODES, (row) => row.where('codeHash', codeHash))) > 0;
  }

  deleteRecoveryCodes(): Promise<number> {
    return this.access.delete(RECOVERY_CODES);
  }

  async insertPendingLogin(pending: PendingLogin): Promise<void> {
    await this.access.delete(PENDING_LOGINS, (row) => row.where('expiresAt', '<=', pending.createdAt));
    await this.access.insert(PENDING_LOGINS, pending);
  }

  async countPendingLoginAttempt(id: string, limit: number): Promise<boolean> {
    return (await this.access.incrementWhileBelow(PENDING_LOGINS, 'attempts', limit, (row) => row.where('id', id))) > 0;
  }

  async deletePendingLogin(id: string): Promise<boolean> {
    return (await this.access.delete(PENDING_LOGINS, (row) => row.where('id', id))) > 0;
  }

  deletePendingLogins(): Promise<number> {
    return this.access.delete(PENDING_LOGINS);
  }

  async countSecondFactorFailure(failure: SecondFactorFailure): Promise<number> {
    await this.access.insert(SECOND_FACTOR_FAILURES, failure);
    return this.countSecondFactorFailures();
  }

  countSecondFactorFailures(): Promise<number> {
    return this.access.select(SECOND_FACTOR_FAILURES).count();
  }

  async clearSecondFactorFailures(): Promise<void> {
    await this.access.delete(SECOND_FACTOR_FAILURES);
  }

  async replaceChallenge(challenge: WebAuthnChallenge, now: Date): Promise<void> {
    await this.access.delete(WEBAUTHN_CHALLENGES, (row) => row.where('boundTo', challenge.boundTo).where('purpose', challenge.purpose));
    await this.access.delete(WEBAUTHN_CHALLENGES, (row) => row.where('expiresAt', '<=', now));
    await this.access.insert(WEBAUTHN_CHALLENGES, challenge);
  }

  async takeChallenge(boundTo: string, purpose: ChallengePurpose): Promise<WebAuthnChallenge | null> {
    const found = await this.access.select(WEBAUTHN_CHALLENGES).where('boundTo', boundTo).where('purpose', purpose).first();
    // Whoever deletes the row owns the challenge; a concurrent taker deletes nothing.
    if (!found || (await this.access.delete(WEBAUTHN_CHALLENGES, (row) => row.where('id', found.id))) === 0) return null;
    return found;
  }
}
