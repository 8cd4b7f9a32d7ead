import type { Knex } from 'knex';
import type { HostRule } from '../../../core/domain/forward-auth-rule.js';
import type { GroupId } from '../../../core/domain/group.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { AccessLookups, ForwardAuthFacts, MemberProfile } from '../../../core/ports/access-lookups.js';
import { fromStoredId, toStoredIdOrNull } from '../stored-forms.js';
import type { PreparedAccessQueries } from '../hot-path/prepared-access-queries.js';
import { preparedAccessQueriesFor } from '../hot-path/prepared-queries.js';

type FactRow = { rule_id: string | null; path_prefix: string | null; require_mfa: number | string | null; group_id: string | null; group_name: string | null; username: string | null };
type ProfileRow = Pick<FactRow, 'group_id' | 'group_name' | 'username'>;

/** The member profile rows (groups ordered by name, or one null group) as a profile; null for no row: no such user. */
const profileOf = (rows: readonly ProfileRow[]): MemberProfile | null => {
  const [first] = rows;
  if (!first) return null;
  const groups = rows.filter((row) => row.group_id !== null).map((row) => ({ id: fromStoredId(row.group_id!) as GroupId, name: row.group_name! }));
  return { username: first.username, groups };
};

/**
 * The doors' per-request reads, straight from the database (no cache another instance could not
 * clear): a host's rules by the (host, path_prefix) unique index, and the user's username and
 * groups on the users primary key and group_members' user_id index — together for verify, the
 * profile alone for the provider. Both run as statements prepared once
 * (hot-path/prepared-access-queries.ts).
 */
export class KnexAccessLookups implements AccessLookups {
  private readonly prepared: PreparedAccessQueries;

  constructor(db: Knex) {
    this.prepared = preparedAccessQueriesFor(db);
  }

  async forwardAuthFacts(host: string, userId: UserId): Promise<ForwardAuthFacts> {
    const lowercased = host.toLowerCase();
    const stored = toStoredIdOrNull(userId);
    const rows = (await this.prepared.forwardAuthFacts(lowercased, stored ?? '')) as FactRow[];
    const rules = new Map<string, HostRule>();
    const member: FactRow[] = [];
    for (const row of rows) {
      if (row.rule_id === null) {
        member.push(row);
        continue;
      }
      let rule = rules.get(row.rule_id);
      if (!rule) rules.set(row.rule_id, (rule = { id: fromStoredId(row.rule_id), host: lowercased, pathPrefix: row.path_prefix!, requireMfa: Number(row.require_mfa) === 1, allowedGroups: [] }));
      if (row.group_id !== null) rule.allowedGroups.push(fromStoredId(row.group_id) as GroupId);
    }
    return { rules: [...rules.values()], profile: profileOf(member) };
  }

  async findMemberProfile(userId: UserId): Promise<MemberProfile | null> {
    const stored = toStoredIdOrNull(userId);
    if (stored === null) return null;
    return profileOf((await this.prepared.memberProfile(stored)) as ProfileRow[]);
  }
}
