import type { PendingLogin } from '../../core/domain/pending-login.js';
import type { FactorSummary, Passkey, RecoveryCode, TotpFactor } from '../../core/domain/second-factor.js';
import type { SecondFactorFailure } from '../../core/domain/second-factor-cap.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { ChallengePurpose, WebAuthnChallenge } from '../../core/domain/webauthn-challenge.js';
import type { FactorStore } from '../../core/ports/factor-store.js';
import { copy, idKey, insertChecked, type MemoryTables } from './memory-tables.js';

type Owned = { id: string; userId: string };
const oldestFirst = (a: Passkey, b: Passkey): number => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);

/** The FactorStore over the memory tables; each single-use step checks and writes with no await between. */
export class MemoryFactorStore implements FactorStore {
  constructor(
    private readonly tables: MemoryTables,
    private readonly userId: UserId,
  ) {}

  async summary(): Promise<FactorSummary> {
    const totp = this.mine(this.tables.totpFactors).some((factor) => factor.confirmedAt !== null);
    return { totp, passkeys: this.mine(this.tables.passkeys).length, recoveryCodes: this.mine(this.tables.recoveryCodes).length };
  }

  async findTotp(): Promise<TotpFactor | null> {
    const [factor] = this.mine(this.tables.totpFactors);
    return factor ? copy(factor) : null;
  }

  async insertTotp(factor: TotpFactor): Promise<void> {
    insertChecked(this.tables.totpFactors, { ...factor, userId: this.userId }, (f) => f.userId === this.userId, this.exists());
  }

  async deleteTotp(): Promise<boolean> {
    return this.remove(this.tables.totpFactors, () => true) > 0;
  }

  async confirmTotp(confirmedAt: Date, step: number): Promise<boolean> {
    return this.updateTotp((factor) => factor.lastUsedStep < step, { confirmedAt, lastUsedStep: step });
  }

  async useTotpStep(step: number): Promise<boolean> {
    return this.updateTotp((factor) => factor.lastUsedStep < step, { lastUsedStep: step });
  }

  async resealTotp(sealedSecret: string): Promise<void> {
    this.updateTotp(() => true, { sealedSecret });
  }

  async listPasskeys(): Promise<Passkey[]> {
    return this.mine(this.tables.passkeys).sort(oldestFirst).map(copy);
  }

  async findPasskeyByCredentialId(credentialId: string): Promise<Passkey | null> {
    const found = this.mine(this.tables.passkeys).find((passkey) => passkey.credentialId === credentialId);
    return found ? copy(found) : null;
  }

  async insertPasskey(passkey: Passkey): Promise<boolean> {
    if ([...this.tables.passkeys.values()].some((p) => p.credentialId === passkey.credentialId)) return false;
    insertChecked(this.tables.passkeys, { ...passkey, userId: this.userId }, () => false, this.exists());
    return true;
  }

  async touchPasskey(id: string, counter: number, lastUsedAt: Date): Promise<void> {
    const passkey = this.owned(this.tables.passkeys, id);
    if (passkey) this.tables.passkeys.set(passkey.id, copy({ ...passkey, counter, lastUsedAt }));
  }

  async deletePasskey(id: string): Promise<boolean> {
    const key = idKey(id);
    return this.remove(this.tables.passkeys, (passkey) => passkey.id === key) > 0;
  }

  async deletePasskeys(): Promise<number> {
    return this.remove(this.tables.passkeys, () => true);
  }

  async replaceRecoveryCodes(codes: RecoveryCode[]): Promise<void> {
    this.remove(this.tables.recoveryCodes, () => true);
    for (const code of codes) insertChecked(this.tables.recoveryCodes, { ...code, userId: this.userId }, () => false, this.exists());
  }

  async useRecoveryCode(codeHash: string): Promise<boolean> {
    const [found] = this.mine(this.tables.recoveryCodes).filter((code) => code.codeHash === codeHash);
    return found ? this.tables.recoveryCodes.delete(found.id) : false;
  }

  async deleteRecoveryCodes(): Promise<number> {
    return this.remove(this.tables.recoveryCodes, () => true);
  }

  async insertPendingLogin(pending: PendingLogin): Promise<void> {
    this.remove(this.tables.pendingLogins, (p) => p.expiresAt.getTime() <= pending.createdAt.getTime());
    const unique = (p: PendingLogin) => p.secretHash === pending.secretHash;
    insertChecked(this.tables.pendingLogins, { ...pending, userId: this.userId }, unique, this.exists());
  }

  async countPendingLoginAttempt(id: string, limit: number): Promise<boolean> {
    const pending = this.owned(this.tables.pendingLogins, id);
    if (!pending || pending.attempts >= limit) return false;
    pending.attempts += 1;
    return true;
  }

  async deletePendingLogin(id: string): Promise<boolean> {
    const key = idKey(id);
    return this.remove(this.tables.pendingLogins, (pending) => pending.id === key) > 0;
  }

  async deletePendingLogins(): Promise<number> {
    return this.remove(this.tables.pendingLogins, () => true);
  }

  async countSecondFactorFailure(failure: SecondFactorFailure): Promise<number> {
    insertChecked(this.tables.secondFactorFailures, { ...failure, userId: this.userId }, () => false, this.exists());
    return this.countSecondFactorFailures();
  }

  async countSecondFactorFailures(): Promise<number> {
    return this.mine(this.tables.secondFactorFailures).length;
  }

  async clearSecondFactorFailures(): Promise<void> {
    this.remove(this.tables.secondFactorFailures, () => true);
  }

  async replaceChallenge(challenge: WebAuthnChallenge, now: Date): Promise<void> {
    const bound = idKey(challenge.boundTo);
    this.remove(this.tables.webauthnChallenges, (c) => (c.boundTo === bound && c.purpose === challenge.purpose) || c.expiresAt.getTime() <= now.getTime());
    if (bound === null) throw new Error('not a canonical UUID');
    insertChecked(this.tables.webauthnChallenges, { ...challenge, boundTo: bound, userId: this.userId }, () => false, this.exists());
  }

  async takeChallenge(boundTo: string, purpose: ChallengePurpose): Promise<WebAuthnChallenge | null> {
    const found = this.mine(this.tables.webauthnChallenges).find((c) => c.boundTo === idKey(boundTo) && c.purpose === purpose);
    if (!found) return null;
    this.tables.webauthnChallenges.delete(found.id);
    return copy(found);
  }

  private updateTotp(when: (factor: TotpFactor) => boolean, changes: Partial<TotpFactor>): boolean {
    const [factor] = this.mine(this.tables.totpFactors);
    if (!factor || !when(factor)) return false;
    this.tables.totpFactors.set(factor.id, copy({ ...factor, ...changes }));
    return true;
  }

  private exists(): boolean {
    return this.tables.users.has(this.userId);
  }

  private mine<T extends Owned>(table: Map<string, T>): T[] {
    return [...table.values()].filter((record) => record.userId === this.userId);
  }

  private owned<T extends Owned>(table: Map<string, T>, id: string): T | null {
    const key = idKey(id);
    const record = key === null ? undefined : table.get(key);
    return record && record.userId === this.userId ? record : null;
  }

  private remove<T extends Owned>(table: Map<string, T>, matches: (record: T) => boolean): number {
    const doomed = this.mine(table).filter(matches);
    for (const record of doomed) table.delete(record.id);
    return doomed.length;
  }
}
