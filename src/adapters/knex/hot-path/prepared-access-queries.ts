import type { Knex } from 'knex';
import { engineOf } from '../connection/engine.js';
import { FORWARD_AUTH_RULES } from '../models/index.js';
import type { StoredRow } from '../row-mapping.js';
import { PostgresStatements } from './postgres-statements.js';
import { SqliteStatements } from './sqlite-statements.js';
import { compileTemplate, placeholder, unrunBuilder } from './statement-template.js';

const HOST = placeholder('host');
const USER = placeholder('user');

/**
 * Verify's one read: a host's rules with their group ids (a rule without groups comes once, with a
 * null group), then the user's member profile rows, told apart by a null rule_id. One statement
 * rather than two because a rule's price at verify was mostly the second round trip.
 */
const forwardAuthFacts = (db: Knex, host: string, storedUserId: string) =>
  db(FORWARD_AUTH_RULES.table)
    .leftJoin('forward_auth_rule_groups', 'forward_auth_rule_groups.rule_id', 'forward_auth_rules.id')
    .select(
      'forward_auth_rules.id as rule_id',
      'forward_auth_rules.path_prefix',
      'forward_auth_rules.require_mfa',
      'forward_auth_rule_groups.group_id',
      db.raw('null as group_name'),
      db.raw('null as username'),
    )
    .where('forward_auth_rules.host', host)
    .unionAll(
      db('users')
        .leftJoin('group_members', 'group_members.user_id', 'users.id')
        .leftJoin('groups', 'groups.id', 'group_members.group_id')
        .select(db.raw('null as rule_id'), db.raw('null as path_prefix'), db.raw('null as require_mfa'), 'groups.id as group_id', 'groups.name as group_name', 'users.username')
        .where('users.id', storedUserId),
    )
    .orderBy('group_name');

/** The user's username and groups: the users primary key, group_members' user_id index. */
const memberProfile = (db: Knex, storedUserId: string) =>
  db('users')
    .leftJoin('group_members', 'group_members.user_id', 'users.id')
    .leftJoin('groups', 'groups.id', 'group_members.group_id')
    .select('users.username', 'groups.id as group_id', 'groups.name as group_name')
    .where('users.id', storedUserId)
    .orderBy('groups.name');

/**
 * The doors' two per-request reads (GET /auth/verify and the provider's access check), compiled
 * once and run as prepared statements like the session lookup (decision 0005): through knex's
 * builder they cost more than the session check itself. Nothing is cached but the statement, so
 * a rule or membership changed on any instance counts at the next request.
 */
export class PreparedAccessQueries {
  private readonly statements: Pick<SqliteStatements, 'all'>;
  private readonly templates;

  constructor(db: Knex) {
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    this.templates = {
      forwardAuthFacts: compileTemplate(unrunBuilder(forwardAuthFacts(db, HOST, USER)), { host: HOST, user: USER }),
      memberProfile: compileTemplate(unrunBuilder(memberProfile(db, USER)), { user: USER }),
    };
  }

  /** The SQL each read runs, by name: what spec/db/hot-path-sql.spec.ts pins on both engines. */
  get sql(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.templates).map(([name, template]) => [name, template.sql]));
  }

  forwardAuthFacts = (lowercasedHost: string, storedUserId: string): Promise<StoredRow[]> =>
    this.statements.all(this.templates.forwardAuthFacts, { host: lowercasedHost, user: storedUserId });
  memberProfile = (storedUserId: string): Promise<StoredRow[]> => this.statements.all(this.templates.memberProfile, { user: storedUserId });
}
