import type { Knex } from 'knex';
import { AuthAccess } from './access/auth-access.js';
import { API_TOKENS, INVITES, SESSIONS, USERS } from './models/index.js';
import type { StoredRow } from './row-mapping.js';
import { SqliteStatements } from './sqlite-statements.js';
import { compileTemplate, unrunBuilder } from './statement-template.js';

// Values no constant of a compiled query can equal (NUL): they mark where each parameter goes.
const KEY = '\u0000key';
const row = (names: readonly string[]): StoredRow => Object.fromEntries(names.map((name) => [name, `\u0000${name}`]));

/** The authentication lookups of the hot paths, compiled once by AuthAccess's own builders. */
export class PreparedAuthQueries {
  private readonly statements: SqliteStatements;
  private readonly templates;

  constructor(db: Knex) {
    const access = new AuthAccess(db);
    // The key is unique and a statement's get() stops at the first row; a bound LIMIT only slows
    // SQLite down (about 10 µs a lookup, more than the lookup itself).
    const exact = (pending: PromiseLike<unknown>) => compileTemplate(unrunBuilder(pending).clear('limit'), { key: KEY });
    const sessionColumns = SESSIONS.columns.map((column) => column.name);
    this.statements = new SqliteStatements(db);
    this.templates = {
      sessionByTokenHash: exact(access.findWithOwner(SESSIONS, 'token_hash', KEY)),
      apiTokenByTokenHash: exact(access.findWithOwner(API_TOKENS, 'token_hash', KEY)),
      userByEmail: exact(access.findBy(USERS, 'email', KEY)),
      inviteByCodeHash: exact(access.findBy(INVITES, 'code_hash', KEY)),
      // AuthAccess.insert is this very builder, awaited.
      insertSession: compileTemplate(db(SESSIONS.table).insert(row(sessionColumns)), row(sessionColumns)),
    };
  }

  sessionByTokenHash = (tokenHash: string) => this.statements.get(this.templates.sessionByTokenHash, { key: tokenHash });
  apiTokenByTokenHash = (tokenHash: string) => this.statements.get(this.templates.apiTokenByTokenHash, { key: tokenHash });
  userByEmail = (email: string) => this.statements.get(this.templates.userByEmail, { key: email });
  inviteByCodeHash = (codeHash: string) => this.statements.get(this.templates.inviteByCodeHash, { key: codeHash });

  async insertSession(stored: StoredRow): Promise<void> {
    await this.statements.run(this.templates.insertSession, stored);
  }
}
