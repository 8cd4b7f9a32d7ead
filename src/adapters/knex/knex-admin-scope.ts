import type { Knex } from 'knex';
import type { AdminPrincipal } from '../../core/domain/admin-principal.js';
import type { Invite } from '../../core/domain/invite.js';
import type { OidcClient } from '../../core/domain/oidc-client.js';
import type { SecurityEvent } from '../../core/domain/security-event.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { User } from '../../core/domain/user.js';
import type { AdminScope, AdminUser, EventQuery, TargetUser, UserQuery } from '../../core/ports/admin-scopes.js';
import { AdminAccess } from './access/admin-access.js';
import { KnexUserScope } from './knex-user-scope.js';
import { engineOf } from './connection/engine.js';
import { INVITES, OIDC_CLIENTS, SECURITY_EVENTS, USERS } from './models/index.js';
import { CLIENT_ID_MAX, isLookupKey } from './oidc/lookup-key.js';
import { readClients, toClientRow, writeClientGroups } from './oidc/oidc-client-rows.js';
import { KnexForwardAuthRuleStore } from './groups/knex-forward-auth-rule-store.js';
import { KnexGroupStore } from './groups/knex-group-store.js';
import type { ForwardAuthRuleStore } from '../../core/ports/forward-auth-rule-store.js';
import type { GroupStore } from '../../core/ports/group-store.js';
import { fromRow, toRow, type StoredRow } from './row-mapping.js';
import { fromStoredId } from './stored-forms.js';

const isTransaction = (db: Knex | Knex.Transaction): db is Knex.Transaction => 'isTransaction' in db && db.isTransaction === true;

/** The user row (its id becomes a UserId here: the store vouches for it) and its second-factor flag. */
const toAdminUser = (row: StoredRow): AdminUser => ({ user: fromRow<User>(USERS, row), mfa: Number(row.has_mfa) === 1 });

export class KnexAdminScope implements AdminScope {
  private readonly access: AdminAccess;
  readonly groups: GroupStore;
  readonly forwardAuthRules: ForwardAuthRuleStore;

  constructor(
    private readonly db: Knex | Knex.Transaction,
    readonly admin: AdminPrincipal,
  ) {
    this.access = new AdminAccess(db);
    this.groups = new KnexGroupStore(db);
    this.forwardAuthRules = new KnexForwardAuthRuleStore(db);
  }

  transaction<T>(work: (scope: AdminScope) => Promise<T>): Promise<T> {
    if (isTransaction(this.db)) return work(this);
    return this.db.transaction(async (trx) => {
      const scope = new KnexAdminScope(trx, this.admin);
      await scope.access.lock();
      return work(scope);
    });
  }

  async listUsers(query: UserQuery): Promise<AdminUser[]> {
    return (await this.access.users({ emailPrefix: query.emailPrefix, memberOf: query.memberOf, after: query.after }, query.limit)).map(toAdminUser);
  }

  findUser(id: string): Promise<TargetUser | null> {
    return this.target({ id });
  }

  findUserByEmail(email: string): Promise<TargetUser | null> {
    return this.target({ email });
  }

  countEnabledAdmins(): Promise<number> {
    return this.access.countEnabledAdmins();
  }

  async listInvites(): Promise<Invite[]> {
    return (await this.access.invites()).map((row) => fromRow(INVITES, row));
  }

  countLiveInvites(createdBy: UserId, now: Date): Promise<number> {
    return this.access.countLiveInvites(createdBy, now);
  }

  async deleteInvite(inviteId: string): Promise<UserId | null> {
    const creator = await this.access.deleteInvite(inviteId);
    return creator === null ? null : (fromStoredId(creator) as UserId);
  }

  async listEvents(query: EventQuery): Promise<SecurityEvent[]> {
    return (await this.access.events(query, query.limit)).map((row) => fromRow(SECURITY_EVENTS, row));
  }

  async insertOidcClient(client: OidcClient): Promise<void> {
    await this.db(OIDC_CLIENTS.table).insert(toRow(OIDC_CLIENTS, toClientRow(client), engineOf(this.db)));
    await writeClientGroups(this.db, client);
  }

  async updateOidcClient(client: OidcClient): Promise<boolean> {
    if (!isLookupKey(client.clientId, CLIENT_ID_MAX)) return false;
    const { client_id: _id, type: _type, secret_hash: _secret, created_at: _created, ...changes } = toRow(OIDC_CLIENTS, toClientRow(client), engineOf(this.db));
    if (((await this.db(OIDC_CLIENTS.table).where({ client_id: client.clientId }).update(changes)) as number) === 0) return false;
    await writeClientGroups(this.db, client);
    return true;
  }

  listOidcClients(): Promise<OidcClient[]> {
    return readClients(this.db, this.db(OIDC_CLIENTS.table).orderBy('created_at', 'desc').orderBy('client_id', 'desc'));
  }

  async findOidcClient(clientId: string): Promise<OidcClient | null> {
    if (!isLookupKey(clientId, CLIENT_ID_MAX)) return null;
    const [client] = await readClients(this.db, this.db(OIDC_CLIENTS.table).where({ client_id: clientId }));
    return client ?? null;
  }

  async deleteOidcClient(clientId: string): Promise<boolean> {
    if (!isLookupKey(clientId, CLIENT_ID_MAX)) return false;
    return ((await this.db(OIDC_CLIENTS.table).where({ client_id: clientId }).delete()) as number) > 0;
  }

  /** The target's own scope, on this scope's connection: inside a transaction, part of it. */
  private async target(filter: { id: string } | { email: string }): Promise<TargetUser | null> {
    const [row] = await this.access.users(filter, 1);
    if (!row) return null;
    const found = toAdminUser(row);
    return { ...found, scope: new KnexUserScope(this.db, found.user.id) };
  }
}
