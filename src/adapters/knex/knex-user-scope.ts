import type { Knex } from 'knex';
import type { ApiToken } from '../../core/domain/api-token.js';
import type { Invite } from '../../core/domain/invite.js';
import type { Session } from '../../core/domain/session.js';
import type { User } from '../../core/domain/user.js';
import type { UserChanges, UserScope } from '../../core/ports/user-scopes.js';
import { ScopedAccess, type Narrowing } from './access/scoped-access.js';
import { engineOf, type Engine } from './engine.js';
import { API_TOKENS, INVITES, SESSIONS, USERS } from './models/index.js';
import { preparedScopeQueriesFor } from './prepared-queries.js';
import type { PreparedScopeQueries } from './prepared-scope-queries.js';
import { fromRow, toRow } from './row-mapping.js';
import { toStoredId, toStoredIdOrNull } from './stored-forms.js';

const NEWEST_FIRST = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

// An id that is not a UUID matches no row, like another user's id.
const byId = (id: string): Narrowing => {
  const stored = toStoredIdOrNull(id);
  return (query) => (stored === null ? query.whereRaw('1 = 0') : query.where('id', stored));
};

export class KnexUserScope implements UserScope {
  private readonly access: ScopedAccess;
  private readonly engine: Engine;
  /** SQLite only: the per-request reads and touches on statements prepared once per connection. */
  private readonly prepared: PreparedScopeQueries | null;

  constructor(db: Knex, readonly userId: string) {
    this.access = new ScopedAccess(db, userId);
    this.engine = engineOf(db);
    this.prepared = preparedScopeQueriesFor(db);
  }

  async findUser(): Promise<User | null> {
    const row = await (this.prepared?.findUser(toStoredId(this.userId)) ?? this.access.select(USERS).first());
    return row ? fromRow(USERS, row) : null;
  }

  async updateUser(changes: UserChanges): Promise<void> {
    const row = toRow(USERS, changes, this.engine);
    if (Object.keys(row).length > 0) await this.access.update(USERS, row);
  }

  async deleteUser(): Promise<void> {
    await this.access.delete(USERS);
  }

  async findSession(sessionId: string): Promise<Session | null> {
    const stored = toStoredIdOrNull(sessionId);
    const row = stored === null ? undefined : await this.access.select(SESSIONS).where('id', stored).first();
    return row ? fromRow(SESSIONS, row) : null;
  }

  async listSessions(): Promise<Session[]> {
    const rows = await this.access.select(SESSIONS).orderBy([...NEWEST_FIRST]);
    return rows.map((row) => fromRow(SESSIONS, row));
  }

  insertSession(session: Session): Promise<void> {
    return this.access.insert(SESSIONS, toRow(SESSIONS, session, this.engine));
  }

  async touchSession(sessionId: string, changes: { expiresAt: Date; lastSeenAt: Date }): Promise<void> {
    const row = toRow(SESSIONS, changes, this.engine);
    const stored = toStoredIdOrNull(sessionId);
    if (!this.prepared) await this.access.update(SESSIONS, row, byId(sessionId));
    else if (stored !== null) await this.prepared.touchSession(toStoredId(this.userId), stored, row);
  }

  async deleteSession(sessionId: string): Promise<boolean> {
    return (await this.access.delete(SESSIONS, byId(sessionId))) > 0;
  }

  deleteSessionsExcept(sessionId: string | null): Promise<number> {
    const kept = sessionId === null ? null : toStoredIdOrNull(sessionId);
    return this.access.delete(SESSIONS, kept === null ? undefined : (query) => query.whereNot('id', kept));
  }

  async listApiTokens(): Promise<ApiToken[]> {
    const rows = await this.access.select(API_TOKENS).orderBy([...NEWEST_FIRST]);
    return rows.map((row) => fromRow(API_TOKENS, row));
  }

  insertApiToken(token: ApiToken): Promise<void> {
    return this.access.insert(API_TOKENS, toRow(API_TOKENS, token, this.engine));
  }

  async touchApiToken(tokenId: string, lastUsedAt: Date): Promise<void> {
    const row = toRow(API_TOKENS, { lastUsedAt }, this.engine);
    const stored = toStoredIdOrNull(tokenId);
    if (!this.prepared) await this.access.update(API_TOKENS, row, byId(tokenId));
    else if (stored !== null) await this.prepared.touchApiToken(toStoredId(this.userId), stored, row);
  }

  async deleteApiToken(tokenId: string): Promise<boolean> {
    return (await this.access.delete(API_TOKENS, byId(tokenId))) > 0;
  }

  insertInvite(invite: Invite): Promise<void> {
    return this.access.insert(INVITES, toRow(INVITES, invite, this.engine));
  }
}
