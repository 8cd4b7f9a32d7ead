import type { Knex } from 'knex';
import type { GroupRef } from '../../../core/domain/group.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { User } from '../../../core/domain/user.js';
import { ScopedAccess } from '../access/scoped-access.js';
import { engineOf } from '../connection/engine.js';
import { USERS } from '../models/index.js';
import { fromRow } from '../row-mapping.js';
import { toStoredId } from '../stored-forms.js';
import { memberGroupsQuery, toGroupRef } from '../groups/member-groups.js';
import { PostgresStatements } from './postgres-statements.js';
import { SqliteStatements } from './sqlite-statements.js';
import { compileTemplate, placeholder } from './statement-template.js';

// A placeholder id: it exists only while compiling, to find the parameter's position.
const USER = 'ffffffff-ffff-4fff-bfff-fffffffffff3' as UserId;
const KEY = placeholder('key');

/**
 * A user scope's two reads of an account (the user, its groups), as every userinfo call, token
 * request and page makes them: compiled once — the user by ScopedAccess itself, so its filter is
 * the scope's — and prepared on both engines. Only for a scope outside a transaction (a read on
 * another connection would not see the transaction's writes).
 */
export class PreparedAccountReads {
  private readonly statements: Pick<SqliteStatements, 'get' | 'all'>;
  private readonly templates;

  constructor(db: Knex) {
    const owner = { userId: toStoredId(USER) };
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    this.templates = {
      user: new ScopedAccess(db, USER).select(USERS).compiledAll(owner),
      memberGroups: compileTemplate(memberGroupsQuery(db, KEY), { key: KEY }),
    };
  }

  /** The SQL of the two reads, by name (pinned by spec/db/hot-path-sql.spec.ts). */
  get sql(): Record<string, string> {
    return { user: this.templates.user.sql, memberGroups: this.templates.memberGroups.sql };
  }

  async findUser(userId: UserId): Promise<User | null> {
    const row = await this.statements.get(this.templates.user, { userId: toStoredId(userId) });
    return row ? fromRow(USERS, row) : null;
  }

  async memberGroups(userId: UserId): Promise<GroupRef[]> {
    const rows = await this.statements.all(this.templates.memberGroups, { key: toStoredId(userId) });
    return rows.map(toGroupRef);
  }
}
