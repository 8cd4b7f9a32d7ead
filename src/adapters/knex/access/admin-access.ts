import type { Knex } from 'knex';
import { engineOf, type Engine } from '../connection/engine.js';
import { INVITES, SECURITY_EVENTS, USERS } from '../models/index.js';
import { toStoredId, toStoredIdOrNull, toStoredTime } from '../stored-forms.js';
import type { StoredRow } from '../row-mapping.js';

// Fixed key of the administration lock (PostgreSQL): admin transactions run one after the other.
const ADMIN_LOCK_KEY = 7_305_001;
// A second factor is a confirmed TOTP or a passkey, asked in the same query as the user rows.
const MFA = `case when exists (select 1 from totp_factors t where t.user_id = users.id and t.confirmed_at is not null)
  or exists (select 1 from passkeys p where p.user_id = users.id) then 1 else 0 end as has_mfa`;

/** A filter on a stored id: a value that is no UUID matches nothing rather than failing. */
const byId = (query: Knex.QueryBuilder, column: string, op: '=' | '<' | '>', id: string): Knex.QueryBuilder => {
  const stored = toStoredIdOrNull(id);
  return stored === null ? query.whereRaw('1 = 0') : query.where(column, op, stored);
};

/**
 * The admin scope's SQL: the cross-user reads only an AdminPrincipal reaches (through
 * KnexAdminScope), each a plain query on declared tables, answered as stored rows.
 */
export class AdminAccess {
  readonly engine: Engine;

  constructor(private readonly db: Knex | Knex.Transaction) {
    this.engine = engineOf(db);
  }

  async lock(): Promise<void> {
    if (this.engine === 'postgres') await this.db.raw('select pg_advisory_xact_lock(?)', [ADMIN_LOCK_KEY]);
  }

  users(filter: { id?: string; email?: string; emailPrefix?: string | null; memberOf?: string; after?: string | null }, limit: number): Promise<StoredRow[]> {
    const query = this.db(USERS.table).select([...USERS.columns.map((c) => `users.${c.name}`), this.db.raw(MFA)]);
    if (filter.id !== undefined) byId(query, 'users.id', '=', filter.id);
    if (filter.email !== undefined) query.where('users.email', filter.email);
    if (filter.emailPrefix) query.whereRaw('substr(users.email, 1, ?) = ?', [filter.emailPrefix.length, filter.emailPrefix]);
    if (filter.after) byId(query, 'users.id', '>', filter.after);
    if (filter.memberOf !== undefined) {
      const group = toStoredIdOrNull(filter.memberOf);
      if (group === null) query.whereRaw('1 = 0');
      else query.whereExists((members) => members.from('group_members').whereRaw('group_members.user_id = users.id').where('group_members.group_id', group));
    }
    return query.orderBy('users.id', 'asc').limit(limit) as Promise<StoredRow[]>;
  }

  async countEnabledAdmins(): Promise<number> {
    const [row] = (await this.db(USERS.table).where('role', 'admin').whereNull('disabled_at').count({ n: '*' })) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  invites(): Promise<StoredRow[]> {
    return this.db(INVITES.table).select(INVITES.columns.map((c) => c.name)).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
  }

  async countLiveInvites(createdBy: string, now: Date): Promise<number> {
    const query = this.db(INVITES.table).where('created_by', toStoredId(createdBy)).where('expires_at', '>', toStoredTime(now, this.engine));
    const [row] = (await query.count({ n: '*' })) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  /** Deletes one invite; answers its creator's stored id, or null. */
  async deleteInvite(inviteId: string): Promise<string | null> {
    const found = (await byId(this.db(INVITES.table).select('created_by'), 'id', '=', inviteId).first()) as { created_by: string } | undefined;
    if (!found) return null;
    await byId(this.db(INVITES.table), 'id', '=', inviteId).delete();
    return found.created_by;
  }

  events(filter: { userId: string | null; type: string | null; before: string | null }, limit: number): Promise<StoredRow[]> {
    const query = this.db(SECURITY_EVENTS.table).select(SECURITY_EVENTS.columns.map((c) => c.name));
    if (filter.userId !== null) byId(query, 'user_id', '=', filter.userId);
    if (filter.type !== null) query.where('type', filter.type);
    if (filter.before !== null) byId(query, 'id', '<', filter.before);
    return query.orderBy('id', 'desc').limit(limit) as Promise<StoredRow[]>;
  }
}
