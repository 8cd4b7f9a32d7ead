import type { InviteRedemption } from '../invite-redemption.js';
import type { Knex } from 'knex';
import type { AccountRecovery } from '../../core/domain/account-recovery.js';
import type { ApiToken } from '../../core/domain/api-token.js';
import type { Invite } from '../../core/domain/invite.js';
import type { PendingLogin } from '../../core/domain/pending-login.js';
import type { Passkey } from '../../core/domain/second-factor.js';
import type { Session } from '../../core/domain/session.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { CredentialOwner, NewUser, User } from '../../core/domain/user.js';
import type { PasskeyLoginChallenge } from '../../core/domain/webauthn-challenge.js';
import type { AuthLookups, FirstSignIn, InsertUserOutcome, RedeemOutcome, WithNewUser } from '../../core/ports/auth-lookups.js';
import { signInNewUser } from '../sign-in-steps.js';
import type { UserScope } from '../../core/ports/user-scopes.js';
import { AuthAccess, OWNER_PREFIX, ROW_PREFIX } from './access/auth-access.js';
import { engineOf, type Engine } from './connection/engine.js';
import { KnexUserScope } from './knex-user-scope.js';
import { ACCOUNT_RECOVERIES, API_TOKENS, CREDENTIAL_OWNERS, INVITES, PASSKEY_LOGIN_CHALLENGES, PASSKEYS, PENDING_LOGINS, SESSIONS, USERS, type Model } from './models/index.js';
import type { PreparedAuthQueries } from './hot-path/prepared-auth-queries.js';
import { preparedAuthQueriesFor, preparedRegistrationFor } from './hot-path/prepared-queries.js';
import type { PreparedRegistration } from './hot-path/prepared-registration.js';
import { fromRow, toRow, type StoredRow } from './row-mapping.js';
import { fromStoredId, toStoredIdOrNull, toStoredTime } from './stored-forms.js';
import { isUniqueViolation } from './connection/unique-violation.js';

/** A row of findWithOwner's, read as the record and its owner (all of the user, or a projection of it). */
const withOwner = <T, U>(model: Model<T>, owner: Model<U>, row: StoredRow | undefined): { record: T; user: U } | null =>
  row ? { record: fromRow(model, row, ROW_PREFIX), user: fromRow(owner, row, OWNER_PREFIX) } : null;

export class KnexAuthLookups implements AuthLookups, InviteRedemption {
  private readonly access: AuthAccess;
  private readonly engine: Engine;
  /** The hot lookups on statements prepared once (better-sqlite3, or named statements through pg). */
  private readonly prepared: PreparedAuthQueries;
  /** SQLite only: a registration's writes as one unit of statements prepared once. */
  private readonly registration: PreparedRegistration | null;

  constructor(private readonly db: Knex) {
    this.access = new AuthAccess(db);
    this.engine = engineOf(db);
    this.prepared = preparedAuthQueriesFor(db);
    this.registration = preparedRegistrationFor(db);
  }

  async findUserByEmail(email: string): Promise<User | null> {
    const row = await this.prepared.userByEmail(email);
    return row ? fromRow(USERS, row) : null;
  }

  async findSessionByTokenHash(tokenHash: string): Promise<{ session: Session; user: CredentialOwner } | null> {
    const row = await this.prepared.sessionByTokenHash(tokenHash);
    const found = withOwner(SESSIONS, CREDENTIAL_OWNERS, row);
    return found && { session: found.record, user: found.user };
  }

  async findApiTokenByTokenHash(tokenHash: string): Promise<{ token: ApiToken; user: CredentialOwner } | null> {
    const row = await this.prepared.apiTokenByTokenHash(tokenHash);
    const found = withOwner(API_TOKENS, CREDENTIAL_OWNERS, row);
    return found && { token: found.record, user: found.user };
  }

  async findInviteByCodeHash(codeHash: string): Promise<Invite | null> {
    const row = await this.prepared.inviteByCodeHash(codeHash);
    return row ? fromRow(INVITES, row) : null;
  }

  async findPendingLoginBySecretHash(secretHash: string): Promise<{ pending: PendingLogin; user: User } | null> {
    const found = withOwner(PENDING_LOGINS, USERS, await this.access.findWithOwner(PENDING_LOGINS, 'secretHash', secretHash));
    return found && { pending: found.record, user: found.user };
  }

  async findAccountRecoveryByCodeHash(codeHash: string): Promise<{ recovery: AccountRecovery; user: User } | null> {
    const found = withOwner(ACCOUNT_RECOVERIES, USERS, await this.access.findWithOwner(ACCOUNT_RECOVERIES, 'codeHash', codeHash));
    return found && { recovery: found.record, user: found.user };
  }

  async findPasskeyByCredentialId(credentialId: string): Promise<{ passkey: Passkey; user: User } | null> {
    const found = withOwner(PASSKEYS, USERS, await this.access.findWithOwner(PASSKEYS, 'credentialId', credentialId));
    return found && { passkey: found.record, user: found.user };
  }

  async insertPasskeyLoginChallenge(challenge: PasskeyLoginChallenge, now: Date): Promise<void> {
    // The table holds no user data: expired rows go by a range delete, opportunistically.
    await this.db(PASSKEY_LOGIN_CHALLENGES.table).where('expires_at', '<=', toStoredTime(now, this.engine)).delete();
    await this.access.insert(PASSKEY_LOGIN_CHALLENGES, toRow(PASSKEY_LOGIN_CHALLENGES, challenge, this.engine));
  }

  async takePasskeyLoginChallenge(secretHash: string): Promise<PasskeyLoginChallenge | null> {
    const [row] = await this.access.deleteBy(PASSKEY_LOGIN_CHALLENGES, 'secretHash', secretHash, ['secret_hash', 'challenge', 'expires_at']);
    return row ? fromRow(PASSKEY_LOGIN_CHALLENGES, row) : null;
  }

  async insertUser<T = void>(user: NewUser, then?: WithNewUser<T>): Promise<InsertUserOutcome<T>> {
    try {
      return await this.access.transaction(async (trx, db) => {
        await trx.insert(USERS, toRow(USERS, user, this.engine));
        return this.inserted(db, user, then);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users', 'email')) return { outcome: 'email_taken' };
      if (isUniqueViolation(error, 'users', 'username')) return { outcome: 'username_taken' };
      throw error;
    }
  }

  async redeemInvite<T = void>(inviteId: string, user: NewUser, then?: WithNewUser<T>): Promise<RedeemOutcome<T>> {
    const storedInviteId = toStoredIdOrNull(inviteId);
    if (storedInviteId === null) return { outcome: 'invite_exhausted' };
    try {
      return await this.access.transaction(async (trx, db): Promise<RedeemOutcome<T>> => {
        // The guard and the increment are one statement under the write lock taken at BEGIN.
        const counted = await trx.incrementWhileBelow(INVITES, { field: 'id', value: storedInviteId }, 'used_count', 'max_uses');
        if (counted === 0) return { outcome: 'invite_exhausted' };
        await trx.insert(USERS, toRow(USERS, user, this.engine));
        return this.inserted(db, user, then);
      });
    } catch (error) {
      // The transaction was rolled back, so the use counted above is given back.
      if (isUniqueViolation(error, 'users', 'email')) return { outcome: 'email_taken' };
      if (isUniqueViolation(error, 'users', 'username')) return { outcome: 'username_taken' };
      throw error;
    }
  }

  /** On SQLite one prepared unit (prepared-registration.ts); elsewhere redeemInvite with the sign-in through the new scope. */
  async redeemInviteSigningIn<T>(inviteId: string, user: NewUser, firstSignIn: FirstSignIn<T>): Promise<RedeemOutcome<T>> {
    if (!this.registration) return this.redeemInvite(inviteId, user, (scope) => signInNewUser(scope, firstSignIn));
    const storedInviteId = toStoredIdOrNull(inviteId);
    if (storedInviteId === null) return { outcome: 'invite_exhausted' };
    try {
      return await this.registration.redeemInvite(storedInviteId, user, firstSignIn);
    } catch (error) {
      // Rolled back, so the use counted is given back.
      if (isUniqueViolation(error, 'users', 'email')) return { outcome: 'email_taken' };
      if (isUniqueViolation(error, 'users', 'username')) return { outcome: 'username_taken' };
      throw error;
    }
  }

  async deleteSessionByTokenHash(
    tokenHash: string,
    then?: (scope: UserScope, sessionId: string) => Promise<void>,
  ): Promise<{ sessionId: string; userId: UserId } | null> {
    const remove = async (access: AuthAccess, db: Knex | Knex.Transaction) => {
      const [row] = await access.deleteBy(SESSIONS, 'tokenHash', tokenHash, ['id', 'user_id']);
      if (!row) return null;
      const deleted = { sessionId: fromStoredId(String(row.id)), userId: fromStoredId(String(row.user_id)) as UserId };
      if (then) await then(new KnexUserScope(db, deleted.userId), deleted.sessionId);
      return deleted;
    };
    return then ? this.access.transaction(remove) : remove(this.access, this.db);
  }

  /** The row just written is the store's word for the user: its id becomes a UserId here. */
  private async inserted<T>(db: Knex.Transaction, user: NewUser, then?: WithNewUser<T>): Promise<InsertUserOutcome<T>> {
    const stored: User = { ...user, id: fromStoredId(toRow(USERS, user, this.engine).id as string) as UserId };
    const result = then ? await then(new KnexUserScope(db, stored.id)) : (undefined as T);
    return { outcome: 'inserted', user: stored, result };
  }
}
