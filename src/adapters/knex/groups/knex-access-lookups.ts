import type { Knex } from 'knex';
import type { ForwardAuthRule } from '../../../core/domain/forward-auth-rule.js';
import type { GroupId } from '../../../core/domain/group.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { AccessLookups, MemberProfile } from '../../../core/ports/access-lookups.js';
import { FORWARD_AUTH_RULES } from '../models/index.js';
import { fromStoredId, toStoredIdOrNull } from '../stored-forms.js';
import { fromRow, type StoredRow } from '../row-mapping.js';
import { engineOf } from '../connection/engine.js';
import { PostgresStatements } from '../hot-path/postgres-statements.js';
import { SqliteStatements } from '../hot-path/sqlite-statements.js';
import { compileTemplate, placeholder, type StatementTemplate } from '../hot-path/statement-template.js';

const KEY = placeholder('key');

/**
 * The doors' per-request reads, straight from the database (no cache another instance could not
 * clear): a host's rules by the (host, path_prefix) unique index, and the user's username and
 * groups in one query on the users primary key and group_members' user_id index.
 */
export class KnexAccessLookups implements AccessLookups {
  // The member profile is read at every forward-auth check with a rule, OpenID refresh and userinfo
  // call: compiled once and prepared on both engines (src/adapters/knex/hot-path/README.md).
  private readonly statements: Pick<SqliteStatements, 'all'>;
  private readonly memberProfile: StatementTemplate;

  constructor(private readonly db: Knex) {
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    this.memberProfile = compileTemplate(
      db('users')
        .leftJoin('group_members', 'group_members.user_id', 'users.id')
        .leftJoin('groups', 'groups.id', 'group_members.group_id')
        .select('users.username', 'groups.id as group_id', 'groups.name as group_name')
        .where('users.id', KEY)
        .orderBy('groups.name'),
      { key: KEY },
    );
  }

  /** The SQL of the prepared read: what spec/db/hot-path-sql.spec.ts pins on both engines. */
  get sql(): Record<string, string> {
    return { memberProfile: this.memberProfile.sql };
  }

  /** One query: the rules with their group ids joined (a rule without groups comes once, with a null group). */
  async rulesForHost(host: string): Promise<ForwardAuthRule[]> {
    const rows = (await this.db(FORWARD_AUTH_RULES.table)
      .leftJoin('forward_auth_rule_groups', 'forward_auth_rule_groups.rule_id', 'forward_auth_rules.id')
      .select(...FORWARD_AUTH_RULES.columns.map((c) => `forward_auth_rules.${c.name}`), 'forward_auth_rule_groups.group_id')
      .where('forward_auth_rules.host', host.toLowerCase())) as (StoredRow & { group_id: string | null })[];
    const rules = new Map<string, ForwardAuthRule>();
    for (const row of rows) {
      const stored = String(row.id);
      let rule = rules.get(stored);
      if (!rule) {
        const read = fromRow(FORWARD_AUTH_RULES, row);
        rules.set(stored, (rule = { ...read, requireMfa: read.requireMfa === 1, allowedGroups: [] }));
      }
      if (row.group_id !== null) rule.allowedGroups.push(fromStoredId(row.group_id) as GroupId);
    }
    return [...rules.values()];
  }

  async findMemberProfile(userId: UserId): Promise<MemberProfile | null> {
    const stored = toStoredIdOrNull(userId);
    if (stored === null) return null;
    const rows = (await this.statements.all(this.memberProfile, { key: stored })) as { username: string | null; group_id: string | null; group_name: string | null }[];
    const [first] = rows;
    if (!first) return null;
    const groups = rows.filter((row) => row.group_id !== null).map((row) => ({ id: fromStoredId(row.group_id!) as GroupId, name: row.group_name! }));
    return { username: first.username, groups };
  }
}
