import type { Knex } from 'knex';
import type { OidcClient } from '../../../core/domain/oidc-client.js';
import { groupIdsBy, writeGroupIds } from '../groups/group-ids.js';
import { OIDC_CLIENT_GROUPS, OIDC_CLIENTS, type OidcClientRow } from '../models/index.js';
import { fromRow, type StoredRow } from '../row-mapping.js';

export const toClientRow = ({ allowedGroups: _groups, ...client }: OidcClient): OidcClientRow => ({
  ...client,
  redirectUris: JSON.stringify(client.redirectUris),
  postLogoutRedirectUris: JSON.stringify(client.postLogoutRedirectUris),
  skipConsent: client.skipConsent ? 1 : 0,
  requirePkce: client.requirePkce ? 1 : 0,
  requireMfa: client.requireMfa ? 1 : 0,
  introspect: client.introspect ? 1 : 0,
  device: client.device ? 1 : 0,
  allowedOrigins: JSON.stringify(client.allowedOrigins),
});

export const fromClientRow = (row: OidcClientRow, allowedGroups: OidcClient['allowedGroups']): OidcClient => ({
  ...row,
  redirectUris: JSON.parse(row.redirectUris) as string[],
  postLogoutRedirectUris: JSON.parse(row.postLogoutRedirectUris) as string[],
  skipConsent: row.skipConsent === 1,
  requirePkce: row.requirePkce === 1,
  requireMfa: row.requireMfa === 1,
  introspect: row.introspect === 1,
  device: row.device === 1,
  allowedOrigins: JSON.parse(row.allowedOrigins) as string[],
  allowedGroups,
});

/** Clients read by `query`, each with its allowed groups (one more query for all of them). */
export const readClients = async (db: Knex | Knex.Transaction, query: Knex.QueryBuilder): Promise<OidcClient[]> => {
  const rows = ((await query) as StoredRow[]).map((row) => fromRow(OIDC_CLIENTS, row));
  const groups = await groupIdsBy(db, OIDC_CLIENT_GROUPS.table, 'client_id', rows.map((row) => row.clientId));
  return rows.map((row) => fromClientRow(row, groups.get(row.clientId) ?? []));
};

/** A client's allowed groups by name, on oidc_client_groups' primary key: by a client id, or by a column of an outer query. */
export const clientGroupsQuery = (db: Knex, clientId: string | Knex.Ref<string, Record<string, string>>): Knex.QueryBuilder =>
  db(OIDC_CLIENT_GROUPS.table).join('groups', 'groups.id', `${OIDC_CLIENT_GROUPS.table}.group_id`).where(`${OIDC_CLIENT_GROUPS.table}.client_id`, clientId).orderBy('groups.name');

export const writeClientGroups = (db: Knex | Knex.Transaction, client: OidcClient): Promise<void> =>
  writeGroupIds(db, OIDC_CLIENT_GROUPS.table, 'client_id', client.clientId, client.allowedGroups);
