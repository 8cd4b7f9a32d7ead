import type { Knex } from 'knex';
import type { OidcClient } from '../../../core/domain/oidc-client.js';
import type { OidcClientLookup } from '../../../core/ports/oidc-store.js';
import { OIDC_CLIENTS } from '../models/index.js';
import { CLIENT_ID_MAX, isLookupKey } from './lookup-key.js';
import { readClients } from './oidc-client-rows.js';

/** The provider's per-request read of a client, by its id (the primary key). */
export class KnexOidcClientLookup implements OidcClientLookup {
  constructor(private readonly db: Knex) {}

  async find(clientId: string): Promise<OidcClient | null> {
    if (!isLookupKey(clientId, CLIENT_ID_MAX)) return null;
    const [client] = await readClients(this.db, this.db(OIDC_CLIENTS.table).where({ client_id: clientId }));
    return client ?? null;
  }

  /** Clients are few and made by hand: the web public clients with origins are read whole and compared exactly, never by a pattern. */
  async originAllowed(origin: string): Promise<boolean> {
    const rows = (await this.db(OIDC_CLIENTS.table).select('allowed_origins').where({ type: 'public', application_type: 'web' }).whereNot({ allowed_origins: '[]' })) as { allowed_origins: string }[];
    return rows.some((row) => (JSON.parse(row.allowed_origins) as string[]).includes(origin));
  }
}
