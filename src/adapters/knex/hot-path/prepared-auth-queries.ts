import type { Knex } from 'knex';
import { AuthAccess } from '../access/auth-access.js';
import { API_TOKENS, CREDENTIAL_OWNERS, INVITES, SESSIONS, USERS } from '../models/index.js';
import { engineOf } from '../connection/engine.js';
import { PostgresStatements } from './postgres-statements.js';
import { SqliteStatements } from './sqlite-statements.js';
import { compileTemplate, unrunBuilder } from './statement-template.js';

// A value no constant of a compiled query can equal (NUL): it marks where the parameter goes.
const KEY = '\u0000key';

/**
 * The authentication lookups of the hot paths, compiled once by AuthAccess's own builders: on
 * better-sqlite3 statements (SQLite) or as named prepared statements through pg (PostgreSQL).
 */
export class PreparedAuthQueries {
  private readonly statements: Pick<SqliteStatements, 'get'>;
  private readonly templates;

  constructor(db: Knex) {
    const access = new AuthAccess(db);
    // The key is unique and a statement's get() stops at the first row; a bound LIMIT only slows
    // SQLite down (about 10 µs a lookup, more than the lookup itself).
    const exact = (pending: PromiseLike<unknown>) => compileTemplate(unrunBuilder(pending).clear('limit'), { key: KEY });
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    this.templates = {
      sessionByTokenHash: exact(access.findWithOwner(SESSIONS, 'tokenHash', KEY, CREDENTIAL_OWNERS)),
      apiTokenByTokenHash: exact(access.findWithOwner(API_TOKENS, 'tokenHash', KEY, CREDENTIAL_OWNERS)),
      userByEmail: exact(access.findBy(USERS, 'email', KEY)),
      inviteByCodeHash: exact(access.findBy(INVITES, 'codeHash', KEY)),
    };
  }

  /** The SQL each lookup runs, by name: what spec/db/hot-path-sql.spec.ts pins on both engines. */
  get sql(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.templates).map(([name, template]) => [name, template.sql]));
  }

  sessionByTokenHash = (tokenHash: string) => this.statements.get(this.templates.sessionByTokenHash, { key: tokenHash });
  apiTokenByTokenHash = (tokenHash: string) => this.statements.get(this.templates.apiTokenByTokenHash, { key: tokenHash });
  userByEmail = (email: string) => this.statements.get(this.templates.userByEmail, { key: email });
  inviteByCodeHash = (codeHash: string) => this.statements.get(this.templates.inviteByCodeHash, { key: codeHash });
}
