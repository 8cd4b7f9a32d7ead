import type { Knex } from 'knex';
import type { UserId } from '../../../core/domain/user-id.js';
import { ScopedAccess } from '../access/scoped-access.js';
import { API_TOKENS, SESSIONS } from '../models/index.js';
import type { StoredRow } from '../row-mapping.js';
import { SqliteStatements } from './sqlite-statements.js';
import { toStoredId } from '../stored-forms.js';

// Placeholder ids: they exist only while compiling, to find each parameter's position.
const USER = 'ffffffff-ffff-4fff-bfff-fffffffffff1' as UserId;
const ROW = 'ffffffff-ffff-4fff-bfff-fffffffffff2';
const at = (name: string) => `\u0000${name}`;

/**
 * The user-scope writes of the hot paths (the coalesced touches), compiled once by ScopedAccess
 * itself, so the user filter in the SQL is exactly the one every other scoped query gets.
 */
export class PreparedScopeQueries {
  private readonly statements: SqliteStatements;
  private readonly templates;

  constructor(db: Knex) {
    const access = new ScopedAccess(db, USER);
    const ids = { userId: toStoredId(USER), id: toStoredId(ROW) };
    this.statements = new SqliteStatements(db);
    this.templates = {
      touchSession: access.compiledUpdate(
        SESSIONS,
        { expires_at: at('expires_at'), last_seen_at: at('last_seen_at') },
        (row) => row.where('id', ROW),
        { ...ids, expires_at: at('expires_at'), last_seen_at: at('last_seen_at') },
      ),
      touchApiToken: access.compiledUpdate(API_TOKENS, { last_used_at: at('last_used_at') }, (row) => row.where('id', ROW), {
        ...ids,
        last_used_at: at('last_used_at'),
      }),
    };
  }

  /** The SQL each touch runs, by name (pinned by spec/db/hot-path-sql.spec.ts). */
  get sql(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.templates).map(([name, template]) => [name, template.sql]));
  }

  touchSession = (userId: string, id: string, changes: StoredRow) =>
    this.statements.runUnsynced(this.templates.touchSession, { userId, id, ...changes });

  touchApiToken = (userId: string, id: string, changes: StoredRow) =>
    this.statements.runUnsynced(this.templates.touchApiToken, { userId, id, ...changes });
}
