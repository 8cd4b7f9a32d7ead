import type { Knex } from 'knex';
import type { ForwardAuthRule } from '../../../core/domain/forward-auth-rule.js';
import type { GroupId } from '../../../core/domain/group.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { AccessLookups, MemberProfile } from '../../../core/ports/access-lookups.js';
import { FORWARD_AUTH_RULES } from '../models/index.js';
import { fromStoredId, toStoredIdOrNull } from '../stored-forms.js';
import { fromRow, type StoredRow } from '../row-mapping.js';
import type { PreparedAccessQueries } from '../hot-path/prepared-access-queries.js';
import { preparedAccessQueriesFor } from '../hot-path/prepared-queries.js';

/**
 * The doors' per-request reads, straight from the database (no cache another instance could not
 * clear): a host's rules by the (host, path_prefix) unique index, and the user's username and
 * groups in one query on the users primary key and group_members' user_id index. Both run as
 * statements prepared once (hot-path/prepared-access-queries.ts).
 */
export class KnexAccessLookups implements AccessLookups {
  private readonly prepared: PreparedAccessQueries;

  constructor(db: Knex) {
    this.prepared = preparedAccessQueriesFor(db);
  }

  async rulesForHost(host: string): Promise<ForwardAuthRule[]> {
    const rows = (await this.prepared.rulesForHost(host.toLowerCase())) as (StoredRow & { group_id: string | null })[];
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
    const rows = (await this.prepared.memberProfile(stored)) as { username: string | null; group_id: string | null; group_name: string | null }[];
    const [first] = rows;
    if (!first) return null;
    const groups = rows.filter((row) => row.group_id !== null).map((row) => ({ id: fromStoredId(row.group_id!) as GroupId, name: row.group_name! }));
    return { username: first.username, groups };
  }
}
