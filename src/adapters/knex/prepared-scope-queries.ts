import type { Knex } from 'knex';
import { ScopedAccess } from './access/scoped-access.js';
import { API_TOKENS, SESSIONS, USERS } from './models/index.js';
import type { StoredRow } from './row-mapping.js';
import { SqliteStatements } from './sqlite-statements.js';
import { compileTemplate, unrunBuilder } from './statement-template.js';
import { toStoredId } from './stored-forms.js';

// Placeholder ids: they exist only while compiling, to find each parameter's position.
const USER = 'ffffffff-ffff-4fff-bfff-fffffffffff1';
const ROW = 'ffffffff-ffff-4fff-bfff-fffffffffff2';
const at = (name: string) => `\u0000${name}`;

/**
 * The user-scope queries of the hot paths, compiled once by ScopedAccess's own builders, so the
 * user filter in the SQL is exactly the one every other scoped query gets.
 */
export class PreparedScopeQueries {
  private readonly statements: SqliteStatements;
  private readonly templates;

  constructor(db: Knex) {
    const access = new ScopedAccess(db, USER);
    const ids = { userId: toStoredId(USER), id: toStoredId(ROW) };
    const byRow = (query: Knex.QueryBuilder<StoredRow, number>) => void query.where('id', ids.id);
    this.statements = new SqliteStatements(db);
    this.templates = {
      // No LIMIT: the scope column of users is its primary key, and get() reads one row.
      user: compileTemplate(access.select(USERS), { userId: ids.userId }),
      touchSession: compileTemplate(
        unrunBuilder(access.update(SESSIONS, { expires_at: at('expires_at'), last_seen_at: at('last_seen_at') }, byRow)),
        { ...ids, expires_at: at('expires_at'), last_seen_at: at('last_seen_at') },
      ),
      touchApiToken: compileTemplate(unrunBuilder(access.update(API_TOKENS, { last_used_at: at('last_used_at') }, byRow)), {
        ...ids,
        last_used_at: at('last_used_at'),
      }),
    };
  }

  findUser = (userId: string) => this.statements.get(this.templates.user, { userId });

  touchSession = (userId: string, id: string, changes: StoredRow) =>
    this.statements.runUnsynced(this.templates.touchSession, { userId, id, ...changes });

  touchApiToken = (userId: string, id: string, changes: StoredRow) =>
    this.statements.runUnsynced(this.templates.touchApiToken, { userId, id, ...changes });
}
