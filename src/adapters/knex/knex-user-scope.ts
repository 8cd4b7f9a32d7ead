import type { Knex } from 'knex';
import type { AccountRecovery } from '../../core/domain/account-recovery.js';
import type { ApiToken } from '../../core/domain/api-token.js';
import { SESSIONS_PER_USER } from '../../core/domain/quotas.js';
import type { Invite } from '../../core/domain/invite.js';
import type { NewSecurityEvent, SecurityEvent } from '../../core/domain/security-event.js';
import { parseAuthMethods, type Session, type SessionSignIn } from '../../core/domain/session.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { User } from '../../core/domain/user.js';
import { hasSecondFactor } from '../../core/domain/second-factor.js';
import type { FactorStore } from '../../core/ports/factor-store.js';
import type { UserOidcStore } from '../../core/ports/user-oidc-store.js';
import type { Page, SessionProof, SignInRecord, UserChanges, UserScope } from '../../core/ports/user-scopes.js';
import { recordSignInStepByStep } from '../sign-in-steps.js';
import { ScopedAccess } from './access/scoped-access.js';
import { engineOf } from './connection/engine.js';
import { KnexFactorStore } from './knex-factor-store.js';
import { ACCOUNT_RECOVERIES, API_TOKENS, INVITES, SECURITY_EVENTS, SESSION_SIGN_INS, SESSIONS, USERS } from './models/index.js';
import { KnexUserOidcStore } from './oidc/knex-user-oidc-store.js';
import { preparedAccountReadsFor, preparedScopeQueriesFor } from './hot-path/prepared-queries.js';
import type { PreparedAccountReads } from './hot-path/prepared-account-reads.js';
import type { PreparedScopeQueries } from './hot-path/prepared-scope-queries.js';
import { toRow } from './row-mapping.js';
import type { GroupRef } from '../../core/domain/group.js';
import { isUniqueViolation } from './connection/unique-violation.js';
import { memberGroups } from './groups/member-groups.js';
import { toStoredId, toStoredIdOrNull } from './stored-forms.js';

const isTransaction = (db: Knex | Knex.Transaction): db is Knex.Transaction => 'isTransaction' in db && db.isTransaction === true;

export class KnexUserScope implements UserScope {
  private readonly access: ScopedAccess;
  readonly factors: FactorStore;
  readonly oidc: UserOidcStore;
  /** SQLite outside a transaction only: the per-request touches and a sign-in's writes on statements prepared once per connection. */
  private readonly prepared: PreparedScopeQueries | null;
  private readonly reads: PreparedAccountReads | null;

  constructor(
    private readonly db: Knex | Knex.Transaction,
    readonly userId: UserId,
  ) {
    this.access = new ScopedAccess(db, userId);
    // Inside a transaction every statement must run on its connection (SQLite has one writer).
    this.prepared = isTransaction(db) ? null : preparedScopeQueriesFor(db);
    this.reads = isTransaction(db) ? null : preparedAccountReadsFor(db);
    this.factors = new KnexFactorStore(this.access, this.prepared);
    this.oidc = new KnexUserOidcStore(db, this.access, userId);
  }

  transaction<T>(work: (scope: UserScope) => Promise<T>): Promise<T> {
    if (isTransaction(this.db)) return work(this);
    return this.db.transaction(async (trx) => {
      const scope = new KnexUserScope(trx, this.userId);
      // SQLite's BEGIN IMMEDIATE already serializes writers; PostgreSQL locks the user's row.
      if (engineOf(trx) === 'postgres') await scope.access.lockOwner();
      return work(scope);
    });
  }

  findUser(): Promise<User | null> {
    return this.reads ? this.reads.findUser(this.userId) : this.access.select(USERS).first();
  }

  async updateUser(changes: UserChanges): Promise<void> {
    await this.access.update(USERS, changes);
  }

  async setUsername(username: string | null): Promise<boolean> {
    try {
      await this.access.update(USERS, { username });
      return true;
    } catch (error) {
      if (isUniqueViolation(error, USERS.table, 'username')) return false;
      throw error;
    }
  }

  listGroups(): Promise<GroupRef[]> {
    return this.reads ? this.reads.memberGroups(this.userId) : memberGroups(this.db, this.userId);
  }

  async deleteUser(): Promise<void> {
    await this.access.delete(USERS);
  }

  findSession(sessionId: string): Promise<Session | null> {
    return this.access.select(SESSIONS).where('id', sessionId).first();
  }

  listSessions(): Promise<Session[]> {
    return this.access.select(SESSIONS).orderBy('createdAt', 'desc').orderBy('id', 'desc').all();
  }

  async insertSession(session: Session): Promise<void> {
    await this.access.insert(SESSIONS, session);
    const authMethods = session.authMethods?.join(' ') ?? '';
    if (authMethods !== '') await this.access.update(SESSION_SIGN_INS, { authMethods }, (row) => row.where('id', session.id));
    const surplus = await this.access.select(SESSIONS).orderBy('lastSeenAt', 'desc').orderBy('id', 'desc').offset(SESSIONS_PER_USER).all();
    for (const stale of surplus) await this.access.delete(SESSIONS, (row) => row.where('id', stale.id));
  }

  /** On SQLite outside a transaction (the password login), one transaction of prepared statements (prepared-scope-queries.ts); inside one (second step, passkey) or on PostgreSQL, these steps. */
  recordSignIn(signIn: SignInRecord): Promise<void> {
    if (this.prepared) return this.prepared.recordSignIn(this.userId, signIn);
    return recordSignInStepByStep(this, signIn);
  }

  async findSessionSignIn(sessionId: string): Promise<SessionSignIn | null> {
    const row = await this.access.select(SESSION_SIGN_INS).where('id', sessionId).first();
    return row && { sessionId: row.id, authenticatedAt: row.authenticatedAt, authMethods: parseAuthMethods(row.authMethods) };
  }

  async touchSession(sessionId: string, changes: { expiresAt: Date; lastSeenAt: Date }): Promise<void> {
    const stored = toStoredIdOrNull(sessionId);
    if (!this.prepared) await this.access.update(SESSIONS, changes, (row) => row.where('id', sessionId));
    else if (stored !== null) await this.prepared.touchSession(toStoredId(this.userId), stored, toRow(SESSIONS, { ...changes }, 'sqlite'));
  }

  async proveSession(sessionId: string, proof: SessionProof): Promise<boolean> {
    return (await this.access.update(SESSIONS, proof, (row) => row.where('id', sessionId))) > 0;
  }

  async deleteSession(sessionId: string): Promise<boolean> {
    return (await this.access.delete(SESSIONS, (row) => row.where('id', sessionId))) > 0;
  }

  deleteSessionsExcept(sessionId: string | null): Promise<number> {
    return this.access.delete(SESSIONS, sessionId === null ? undefined : (row) => row.whereNot('id', sessionId));
  }

  countApiTokens(): Promise<number> {
    return this.access.select(API_TOKENS).count();
  }

  listApiTokens(): Promise<ApiToken[]> {
    return this.access.select(API_TOKENS).orderBy('createdAt', 'desc').orderBy('id', 'desc').all();
  }

  insertApiToken(token: ApiToken): Promise<void> {
    return this.access.insert(API_TOKENS, token);
  }

  async touchApiToken(tokenId: string, lastUsedAt: Date): Promise<void> {
    const stored = toStoredIdOrNull(tokenId);
    if (!this.prepared) await this.access.update(API_TOKENS, { lastUsedAt }, (row) => row.where('id', tokenId));
    else if (stored !== null) await this.prepared.touchApiToken(toStoredId(this.userId), stored, toRow(API_TOKENS, { lastUsedAt }, 'sqlite'));
  }

  async deleteApiToken(tokenId: string): Promise<boolean> {
    return (await this.access.delete(API_TOKENS, (row) => row.where('id', tokenId))) > 0;
  }

  insertInvite(invite: Invite): Promise<void> {
    return this.access.insert(INVITES, invite);
  }

  async replaceAccountRecovery(recovery: AccountRecovery): Promise<void> {
    await this.access.delete(ACCOUNT_RECOVERIES);
    await this.access.insert(ACCOUNT_RECOVERIES, recovery);
  }

  /** The guard and the write are one statement: a second redemption finds used_at set and changes nothing. */
  async useAccountRecovery(recoveryId: string, now: Date): Promise<boolean> {
    const changed = await this.access.update(ACCOUNT_RECOVERIES, { usedAt: now }, (row) =>
      row.where('id', recoveryId).where('usedAt', null).where('expiresAt', '>', now),
    );
    return changed > 0;
  }

  recordEvent(event: NewSecurityEvent): Promise<void> {
    return this.access.insert(SECURITY_EVENTS, event);
  }

  /** UUIDv7 ids grow with time, so the id alone orders the trail and serves as the cursor. */
  listEvents(page: Page): Promise<SecurityEvent[]> {
    const reader = this.access.select(SECURITY_EVENTS).orderBy('id', 'desc').limit(page.limit);
    return (page.before === null ? reader : reader.where('id', '<', page.before)).all();
  }

  async hasSecondFactor(): Promise<boolean> {
    return hasSecondFactor(await this.factors.summary());
  }

  /** In one transaction, so a reset never leaves recovery codes without the factor they back up. */
  deleteSecondFactors(): Promise<number> {
    return this.transaction(async (scope) => {
      const totp = Number(await scope.factors.deleteTotp());
      return totp + (await scope.factors.deletePasskeys()) + (await scope.factors.deleteRecoveryCodes());
    });
  }
}
