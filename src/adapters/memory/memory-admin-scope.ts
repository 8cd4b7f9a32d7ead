import type { AdminPrincipal } from '../../core/domain/admin-principal.js';
import type { Invite } from '../../core/domain/invite.js';
import type { OidcClient } from '../../core/domain/oidc-client.js';
import type { SecurityEvent } from '../../core/domain/security-event.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { User } from '../../core/domain/user.js';
import type { AdminScope, AdminUser, EventQuery, TargetUser, UserQuery } from '../../core/ports/admin-scopes.js';
import type { ForwardAuthRuleStore } from '../../core/ports/forward-auth-rule-store.js';
import type { GroupStore } from '../../core/ports/group-store.js';
import { MemoryForwardAuthRuleStore } from './memory-forward-auth-rules.js';
import { checkGroupsExist, MemoryGroupStore } from './memory-groups.js';
import { copy, idKey, memberKey, transactionally, type MemoryTables } from './memory-tables.js';
import { MemoryUserScope } from './memory-user-scope.js';

const byIdAscending = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The admin scope over maps; held to the same contract suite as KnexAdminScope. */
export class MemoryAdminScope implements AdminScope {
  readonly groups: GroupStore;
  readonly forwardAuthRules: ForwardAuthRuleStore;

  constructor(
    private readonly tables: MemoryTables,
    readonly admin: AdminPrincipal,
    private readonly inTransaction = false,
  ) {
    this.groups = new MemoryGroupStore(tables);
    this.forwardAuthRules = new MemoryForwardAuthRuleStore(tables);
  }

  transaction<T>(work: (scope: AdminScope) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    return transactionally(this.tables, () => work(new MemoryAdminScope(this.tables, this.admin, true)));
  }

  async listUsers(query: UserQuery): Promise<AdminUser[]> {
    const after = query.after === null ? null : idKey(query.after);
    if (query.after !== null && after === null) return [];
    return [...this.tables.users.values()]
      .filter((user) => query.emailPrefix === null || user.email.startsWith(query.emailPrefix))
      .filter((user) => after === null || user.id > after)
      .filter((user) => query.memberOf === undefined || this.tables.groupMembers.has(memberKey(idKey(query.memberOf) ?? '', user.id)))
      .sort(byIdAscending)
      .slice(0, query.limit)
      .map((user) => this.adminUser(user));
  }

  async findUser(id: string): Promise<TargetUser | null> {
    const key = idKey(id);
    return this.target(key === null ? undefined : this.tables.users.get(key));
  }

  async findUserByEmail(email: string): Promise<TargetUser | null> {
    return this.target([...this.tables.users.values()].find((user) => user.email === email));
  }

  async countEnabledAdmins(): Promise<number> {
    return [...this.tables.users.values()].filter((user) => user.role === 'admin' && user.disabledAt === null).length;
  }

  async listInvites(): Promise<Invite[]> {
    return [...this.tables.invites.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byIdAscending(b, a))
      .map(copy);
  }

  async countLiveInvites(createdBy: UserId, now: Date): Promise<number> {
    return [...this.tables.invites.values()].filter((i) => i.createdBy === idKey(createdBy) && i.expiresAt.getTime() > now.getTime()).length;
  }

  async deleteInvite(inviteId: string): Promise<UserId | null> {
    const key = idKey(inviteId);
    const invite = key === null ? undefined : this.tables.invites.get(key);
    if (!invite) return null;
    this.tables.invites.delete(invite.id);
    return invite.createdBy;
  }

  async insertOidcClient(client: OidcClient): Promise<void> {
    if (this.tables.oidcClients.has(client.clientId)) throw new Error('UNIQUE constraint failed');
    checkGroupsExist(this.tables, client.allowedGroups);
    this.tables.oidcClients.set(client.clientId, copy(client));
  }

  async updateOidcClient(client: OidcClient): Promise<boolean> {
    const existing = this.tables.oidcClients.get(client.clientId);
    if (!existing) return false;
    checkGroupsExist(this.tables, client.allowedGroups);
    const { type, secretHash, createdAt } = existing;
    this.tables.oidcClients.set(client.clientId, copy({ ...client, type, secretHash, createdAt }));
    return true;
  }

  async listOidcClients(): Promise<OidcClient[]> {
    return [...this.tables.oidcClients.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.clientId < b.clientId ? 1 : a.clientId > b.clientId ? -1 : 0))
      .map(copy);
  }

  async findOidcClient(clientId: string): Promise<OidcClient | null> {
    const client = this.tables.oidcClients.get(clientId);
    return client ? copy(client) : null;
  }

  async deleteOidcClient(clientId: string): Promise<boolean> {
    if (!this.tables.oidcClients.delete(clientId)) return false;
    for (const [key, row] of this.tables.oidcPayloads) if (row.clientId === clientId) this.tables.oidcPayloads.delete(key);
    return true;
  }

  async listEvents(query: EventQuery): Promise<SecurityEvent[]> {
    const userId = query.userId === null ? null : idKey(query.userId);
    const before = query.before === null ? null : idKey(query.before);
    if ((query.userId !== null && userId === null) || (query.before !== null && before === null)) return [];
    return [...this.tables.securityEvents.values()]
      .filter((e) => (userId === null || e.userId === userId) && (query.type === null || e.type === query.type))
      .filter((e) => before === null || e.id < before)
      .sort((a, b) => byIdAscending(b, a))
      .slice(0, query.limit)
      .map(copy);
  }

  private adminUser(user: User): AdminUser {
    const mine = <T extends { userId: string }>(table: Map<string, T>) => [...table.values()].filter((r) => r.userId === user.id);
    const mfa = mine(this.tables.totpFactors).some((t) => t.confirmedAt !== null) || mine(this.tables.passkeys).length > 0;
    return { user: copy(user), mfa };
  }

  private target(user: User | undefined): TargetUser | null {
    if (!user) return null;
    return { ...this.adminUser(user), scope: new MemoryUserScope(this.tables, user.id, this.inTransaction) };
  }
}
