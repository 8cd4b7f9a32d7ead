import type { OidcClientLookup, OidcPayloadStore, OidcUserinfoLookup, UserinfoRead } from '../../../core/ports/oidc-store.js';
import { toCredentialOwner } from '../../../core/domain/user.js';
import { memberGroupsOf } from '../memory-groups.js';
import { idKey, type MemoryTables } from '../memory-tables.js';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Userinfo's read as the parts' own reads answer it, one after the other: what the Knex adapter's one statement must equal. */
export class MemoryOidcUserinfoLookup implements OidcUserinfoLookup {
  constructor(
    private readonly tables: MemoryTables,
    private readonly payloads: OidcPayloadStore,
    private readonly clients: OidcClientLookup,
  ) {}

  async findByAccessToken(key: string): Promise<UserinfoRead | null> {
    const token = await this.payloads.find('AccessToken', key);
    if (!token) return null;
    const [sessionUid, grantId, clientId, accountId] = [text(token.sessionUid), text(token.grantId), text(token.clientId), text(token.accountId)];
    const user = accountId === null ? undefined : this.tables.users.get(idKey(accountId) ?? '');
    return {
      token,
      session: sessionUid === null ? null : await this.payloads.findByUid('Session', sessionUid),
      grant: grantId === null ? null : await this.payloads.find('Grant', grantId),
      client: clientId === null ? null : await this.clients.find(clientId),
      user: user ? toCredentialOwner(user) : null,
      groups: user ? memberGroupsOf(this.tables, user.id) : [],
    };
  }
}
