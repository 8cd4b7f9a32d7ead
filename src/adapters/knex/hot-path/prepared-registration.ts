import type { Knex } from 'knex';
import type { UserId } from '../../../core/domain/user-id.js';
import type { NewUser, User } from '../../../core/domain/user.js';
import type { FirstSignIn, RedeemOutcome } from '../../../core/ports/auth-lookups.js';
import { AuthAccess } from '../access/auth-access.js';
import { INVITES, USERS } from '../models/index.js';
import { toRow, type StoredRow } from '../row-mapping.js';
import { fromStoredId, toStoredId } from '../stored-forms.js';
import { PreparedScopeQueries } from './prepared-scope-queries.js';
import { SqliteStatements } from './sqlite-statements.js';
import { compileTemplate, slotsOf, unrunBuilder, type StatementTemplate } from './statement-template.js';

// A placeholder id: it exists only while compiling, to find the parameter's position.
const INVITE = toStoredId('ffffffff-ffff-4fff-bfff-fffffffffff3');

/**
 * KnexAuthLookups.redeemInvite with a first sign-in, statement for statement, as one immediate
 * transaction of statements prepared once (SQLite): the invite's use, the user, then the sign-in's
 * statements of PreparedScopeQueries. Compiled from AuthAccess's own builders, so the invite's
 * guard (`used_count < max_uses` in the same UPDATE) is the one knex's path runs.
 */
export class PreparedRegistration {
  private readonly access: AuthAccess;
  private readonly statements: SqliteStatements;
  private readonly countUse: StatementTemplate;
  private readonly userInserts = new Map<string, StatementTemplate>();

  constructor(
    db: Knex,
    private readonly scope: PreparedScopeQueries,
  ) {
    this.access = new AuthAccess(db);
    this.statements = new SqliteStatements(db);
    this.countUse = compileTemplate(unrunBuilder(this.access.incrementWhileBelow(INVITES, { field: 'id', value: INVITE }, 'used_count', 'max_uses')), {
      inviteId: INVITE,
    });
  }

  /** The SQL of the invite's use (pinned by spec/db/hot-path-sql.spec.ts). */
  get sql(): Record<string, string> {
    return { countInviteUse: this.countUse.sql };
  }

  /** A unique violation on users.email is thrown, after the rollback, for the caller to answer email_taken. */
  redeemInvite<T>(storedInviteId: string, user: NewUser, firstSignIn: FirstSignIn<T>): Promise<RedeemOutcome<T>> {
    const row = toRow(USERS, user, 'sqlite');
    // The row about to be written is the store's word for the user: its id becomes a UserId here.
    const stored: User = { ...user, id: fromStoredId(row.id as string) as UserId };
    return this.statements.transaction((tx): RedeemOutcome<T> => {
      if (tx.run(this.countUse, { inviteId: storedInviteId }) === 0) return { outcome: 'invite_exhausted' };
      tx.run(this.userInsert(row), row);
      const { session, event, result } = firstSignIn(stored.id);
      this.scope.signInSteps(tx, stored.id, { userChanges: {}, session, event });
      return { outcome: 'inserted', user: stored, result };
    });
  }

  private userInsert(row: StoredRow): StatementTemplate {
    const key = Object.keys(row).join(',');
    let template = this.userInserts.get(key);
    if (!template) {
      const slots = slotsOf(row);
      this.userInserts.set(key, (template = this.access.compiledInsert(USERS, slots, slots)));
    }
    return template;
  }
}
