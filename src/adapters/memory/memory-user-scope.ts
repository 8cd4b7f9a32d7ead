import type { AccountRecovery } from '../../core/domain/account-recovery.js';
import type { ApiToken } from '../../core/domain/api-token.js';
import { SESSIONS_PER_USER } from '../../core/domain/quotas.js';
import type { Invite } from '../../core/domain/invite.js';
import type { NewSecurityEvent, SecurityEvent } from '../../core/domain/security-event.js';
import { parseAuthMethods, type Session, type SessionSignIn } from '../../core/domain/session.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { User } from '../../core/domain/user.js';
import type { GroupRef } from '../../core/domain/group.js';
import { memberGroupsOf } from './memory-groups.js';
import { hasSecondFactor } from '../../core/domain/second-factor.js';
import type { FactorStore } from '../../core/ports/factor-store.js';
import type { UserOidcStore } from '../../core/ports/user-oidc-store.js';
import type { Page, SessionProof, SignInRecord, UserChanges, UserScope } from '../../core/ports/user-scopes.js';
import { MemoryFactorStore } from './memory-factor-store.js';
import { MemoryUserOidcStore } from './oidc/memory-user-oidc-store.js';
import { recordSignInStepByStep } from '../sign-in-steps.js';
import { copy, idKey, insertChecked, transactionally, type MemoryTables } from './memory-tables.js';

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class MemoryUserScope implements UserScope {
  readonly userId: UserId;
  readonly factors: FactorStore;
  readonly oidc: UserOidcStore;

  constructor(
    private readonly tables: MemoryTables,
    userId: UserId,
    private readonly inTransaction = false,
  ) {
    const key = idKey(userId);
    if (key === null) throw new Error('not a canonical UUID');
    this.userId = key as UserId;
    this.factors = new MemoryFactorStore(tables, this.userId);
    this.oidc = new MemoryUserOidcStore(tables, this.userId);
  }

  transaction<T>(work: (scope: UserScope) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    return transactionally(this.tables, () => work(new MemoryUserScope(this.tables, this.userId, true)));
  }

  async findUser(): Promise<User | null> {
    const user = this.tables.users.get(this.userId);
    return user ? copy(user) : null;
  }

  async updateUser(changes: UserChanges): Promise<void> {
    const user = this.tables.users.get(this.userId);
    if (user) this.tables.users.set(this.userId, copy({ ...user, ...changes }));
  }

  async setUsername(username: string | null): Promise<boolean> {
    const user = this.tables.users.get(this.userId);
    if (username !== null && [...this.tables.users.values()].some((u) => u.username === username && u.id !== this.userId)) return false;
    if (user) this.tables.users.set(this.userId, copy({ ...user, username }));
    return true;
  }

  async listGroups(): Promise<GroupRef[]> {
    return memberGroupsOf(this.tables, this.userId);
  }

  /** Cascades like the foreign keys do; events an admin wrote on others' trails forget who. */
  async deleteUser(): Promise<void> {
    if (!this.tables.users.delete(this.userId)) return;
    this.deleteOwned(this.tables.groupMembers, (m) => m.userId);
    this.deleteOwned(this.tables.sessions, (s) => s.userId);
    this.deleteOwned(this.tables.apiTokens, (t) => t.userId);
    this.deleteOwned(this.tables.invites, (i) => i.createdBy);
    this.deleteOwned(this.tables.securityEvents, (e) => e.userId);
    for (const [key, row] of this.tables.oidcPayloads) if (row.accountId === this.userId) this.tables.oidcPayloads.delete(key);
    for (const table of [this.tables.totpFactors, this.tables.passkeys, this.tables.recoveryCodes, this.tables.secondFactorFailures, this.tables.accountRecoveries, this.tables.pendingLogins, this.tables.webauthnChallenges]) {
      this.deleteOwned(table as Map<string, { userId: string }>, (record) => record.userId);
    }
    for (const event of this.tables.securityEvents.values()) if (event.actorId === this.userId) event.actorId = null;
  }

  async findSession(sessionId: string): Promise<Session | null> {
    const session = this.owned(this.tables.sessions, sessionId);
    return session ? copy(session) : null;
  }

  async listSessions(): Promise<Session[]> {
    return this.mine(this.tables.sessions).sort(newestFirst).map(copy);
  }

  async insertSession(session: Session): Promise<void> {
    // As in the database, the methods live beside the row the per-request lookup reads.
    const { authMethods, ...record } = { ...session, userId: this.userId };
    insertChecked(this.tables.sessions, record, (s) => s.tokenHash === session.tokenHash, this.exists());
    const byLastSeen = this.mine(this.tables.sessions).sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || (a.id < b.id ? 1 : -1));
    for (const stale of byLastSeen.slice(SESSIONS_PER_USER)) this.tables.sessions.delete(stale.id);
    if (authMethods?.length) this.tables.sessionAuthMethods.set(idKey(session.id) as string, authMethods.join(' '));
  }

  recordSignIn(signIn: SignInRecord): Promise<void> {
    return recordSignInStepByStep(this, signIn);
  }

  async findSessionSignIn(sessionId: string): Promise<SessionSignIn | null> {
    const session = this.owned(this.tables.sessions, sessionId);
    if (!session) return null;
    return { sessionId: session.id, authenticatedAt: new Date(session.authenticatedAt.getTime()), authMethods: parseAuthMethods(this.tables.sessionAuthMethods.get(session.id) ?? null) };
  }

  async touchSession(sessionId: string, changes: { expiresAt: Date; lastSeenAt: Date }): Promise<void> {
    const session = this.owned(this.tables.sessions, sessionId);
    if (session) this.tables.sessions.set(session.id, copy({ ...session, ...changes }));
  }

  async proveSession(sessionId: string, proof: SessionProof): Promise<boolean> {
    const session = this.owned(this.tables.sessions, sessionId);
    if (session) this.tables.sessions.set(session.id, copy({ ...session, ...proof }));
    return session !== null;
  }

  async deleteSession(sessionId: string): Promise<boolean> {
    const session = this.owned(this.tables.sessions, sessionId);
    return session ? this.tables.sessions.delete(session.id) : false;
  }

  async deleteSessionsExcept(sessionId: string | null): Promise<number> {
    const kept = sessionId === null ? null : idKey(sessionId);
    const doomed = this.mine(this.tables.sessions).filter((s) => s.id !== kept);
    for (const session of doomed) this.tables.sessions.delete(session.id);
    return doomed.length;
  }

  async countApiTokens(): Promise<number> {
    return this.mine(this.tables.apiTokens).length;
  }

  async listApiTokens(): Promise<ApiToken[]> {
    return this.mine(this.tables.apiTokens).sort(newestFirst).map(copy);
  }

  async insertApiToken(token: ApiToken): Promise<void> {
    const record = { ...token, userId: this.userId };
    insertChecked(this.tables.apiTokens, record, (t) => t.tokenHash === token.tokenHash, this.exists());
  }

  async touchApiToken(tokenId: string, lastUsedAt: Date): Promise<void> {
    const token = this.owned(this.tables.apiTokens, tokenId);
    if (token) this.tables.apiTokens.set(token.id, copy({ ...token, lastUsedAt }));
  }

  async deleteApiToken(tokenId: string): Promise<boolean> {
    const token = this.owned(this.tables.apiTokens, tokenId);
    return token ? this.tables.apiTokens.delete(token.id) : false;
  }

  async insertInvite(invite: Invite): Promise<void> {
    const record = { ...invite, createdBy: this.userId };
    insertChecked(this.tables.invites, record, (i) => i.codeHash === invite.codeHash, this.exists());
  }

  async replaceAccountRecovery(recovery: AccountRecovery): Promise<void> {
    this.deleteOwned(this.tables.accountRecoveries, (r) => r.userId);
    const record = { ...recovery, userId: this.userId };
    insertChecked(this.tables.accountRecoveries, record, (r) => r.codeHash === recovery.codeHash, this.exists());
  }

  async useAccountRecovery(recoveryId: string, now: Date): Promise<boolean> {
    const recovery = this.owned(this.tables.accountRecoveries, recoveryId);
    if (!recovery || recovery.usedAt !== null || recovery.expiresAt.getTime() <= now.getTime()) return false;
    recovery.usedAt = new Date(now.getTime());
    return true;
  }

  async recordEvent(event: NewSecurityEvent): Promise<void> {
    insertChecked(this.tables.securityEvents, { ...event, userId: this.userId }, () => false, this.exists());
  }

  async listEvents(page: Page): Promise<SecurityEvent[]> {
    const before = page.before === null ? null : idKey(page.before);
    if (page.before !== null && before === null) return [];
    return this.mine(this.tables.securityEvents)
      .filter((event) => before === null || event.id < before)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, page.limit)
      .map(copy);
  }

  async hasSecondFactor(): Promise<boolean> {
    return hasSecondFactor(await this.factors.summary());
  }

  deleteSecondFactors(): Promise<number> {
    return this.transaction(async (scope) => {
      const totp = Number(await scope.factors.deleteTotp());
      return totp + (await scope.factors.deletePasskeys()) + (await scope.factors.deleteRecoveryCodes());
    });
  }

  private exists(): boolean {
    return this.tables.users.has(this.userId);
  }

  private mine<T extends { userId: string }>(table: Map<string, T>): T[] {
    return [...table.values()].filter((record) => record.userId === this.userId);
  }

  // Another user's row answers exactly like a missing one.
  private owned<T extends { userId: string }>(table: Map<string, T>, id: string): T | null {
    const key = idKey(id);
    const record = key === null ? undefined : table.get(key);
    return record && record.userId === this.userId ? record : null;
  }

  private deleteOwned<T>(table: Map<string, T>, ownerOf: (record: T) => string): void {
    for (const [id, record] of table) if (ownerOf(record) === this.userId) table.delete(id);
  }
}
