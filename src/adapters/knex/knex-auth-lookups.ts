import type { Knex } from 'knex';
import type { ApiToken } from '../../core/domain/api-token.js';
import type { Invite } from '../../core/domain/invite.js';
import type { Session } from '../../core/domain/session.js';
import type { User } from '../../core/domain/user.js';
import type { AuthLookups, InsertUserOutcome, RedeemOutcome } from '../../core/ports/auth-lookups.js';
import { AuthAccess, OWNER_PREFIX, ROW_PREFIX } from './access/auth-access.js';
import { engineOf, type Engine } from './engine.js';
import { API_TOKENS, INVITES, SESSIONS, USERS, type Model } from './models/index.js';
import { preparedAuthQueriesFor } from './prepared-queries.js';
import type { PreparedAuthQueries } from './prepared-auth-queries.js';
import { fromRow, toRow, type StoredRow } from './row-mapping.js';
import { fromStoredId, toStoredIdOrNull } from './stored-forms.js';
import { isUniqueViolation } from './unique-violation.js';

const withOwner = <T>(model: Model<T>, row: StoredRow | undefined): { record: T; user: User } | null =>
  row ? { record: fromRow(model, row, ROW_PREFIX), user: fromRow(USERS, row, OWNER_PREFIX) } : null;

export class KnexAuthLookups implements AuthLookups {
  private readonly access: AuthAccess;
  private readonly engine: Engine;
  /** SQLite only: the hot lookups on statements prepared once (PostgreSQL keeps the builder path). */
  private readonly prepared: PreparedAuthQueries | null;

  constructor(db: Knex) {
    this.access = new AuthAccess(db);
    this.engine = engineOf(db);
    this.prepared = preparedAuthQueriesFor(db);
  }

  async findUserByEmail(email: string): Promise<User | null> {
    const row = await (this.prepared?.userByEmail(email) ?? this.access.findBy(USERS, 'email', email));
    return row ? fromRow(USERS, row) : null;
  }

  async findSessionByTokenHash(tokenHash: string): Promise<{ session: Session; user: User } | null> {
    const row = await (this.prepared?.sessionByTokenHash(tokenHash) ?? this.access.findWithOwner(SESSIONS, 'token_hash', tokenHash));
    const found = withOwner(SESSIONS, row);
    return found && { session: found.record, user: found.user };
  }

  async findApiTokenByTokenHash(tokenHash: string): Promise<{ token: ApiToken; user: User } | null> {
    const row = await (this.prepared?.apiTokenByTokenHash(tokenHash) ?? this.access.findWithOwner(API_TOKENS, 'token_hash', tokenHash));
    const found = withOwner(API_TOKENS, row);
    return found && { token: found.record, user: found.user };
  }

  async findInviteByCodeHash(codeHash: string): Promise<Invite | null> {
    const row = await (this.prepared?.inviteByCodeHash(codeHash) ?? this.access.findBy(INVITES, 'code_hash', codeHash));
    return row ? fromRow(INVITES, row) : null;
  }

  async insertUser(user: User): Promise<InsertUserOutcome> {
    try {
      await this.access.insert(USERS, toRow(USERS, user, this.engine));
      return 'inserted';
    } catch (error) {
      if (isUniqueViolation(error, 'users', 'email')) return 'email_taken';
      throw error;
    }
  }

  async redeemInvite(inviteId: string, user: User): Promise<RedeemOutcome> {
    const storedInviteId = toStoredIdOrNull(inviteId);
    if (storedInviteId === null) return 'invite_exhausted';
    const row = toRow(USERS, user, this.engine);
    try {
      return await this.access.transaction(async (trx) => {
        // The guard and the increment are one statement under the write lock taken at BEGIN.
        const counted = await trx.incrementWhileBelow(INVITES, { column: 'id', value: storedInviteId }, 'used_count', 'max_uses');
        if (counted === 0) return 'invite_exhausted';
        await trx.insert(USERS, row);
        return 'inserted';
      });
    } catch (error) {
      // The transaction was rolled back, so the use counted above is given back.
      if (isUniqueViolation(error, 'users', 'email')) return 'email_taken';
      throw error;
    }
  }

  async insertSession(session: Session): Promise<void> {
    const row = toRow(SESSIONS, session, this.engine);
    await (this.prepared?.insertSession(row) ?? this.access.insert(SESSIONS, row));
  }

  async deleteSessionByTokenHash(tokenHash: string): Promise<{ sessionId: string; userId: string } | null> {
    const [deleted] = await this.access.deleteBy(SESSIONS, 'token_hash', tokenHash, ['id', 'user_id']);
    return deleted ? { sessionId: fromStoredId(String(deleted.id)), userId: fromStoredId(String(deleted.user_id)) } : null;
  }
}
