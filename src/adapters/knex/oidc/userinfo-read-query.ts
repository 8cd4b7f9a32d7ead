import type { Knex } from 'knex';
import { engineOf } from '../connection/engine.js';
import { memberGroupsQuery } from '../groups/member-groups.js';
import { CREDENTIAL_OWNERS, OIDC_CLIENTS, OIDC_PAYLOADS } from '../models/index.js';
import { aliasedColumns } from '../row-mapping.js';
import { clientGroupsQuery } from './oidc-client-rows.js';

/** The prefixes of the read's columns: each part is mapped back by its own model (knex-oidc-userinfo-lookup.ts). */
export const PART = { token: 'token_', session: 'session_', grant: 'grant_', client: 'c__', user: 'u__' } as const;

/** The spellings the two engines do not share. SQLite's sha256_hex is the service's own (connection/sqlite-functions.ts). */
const spellings = {
  sqlite: {
    sha256Hex: (text: string) => `sha256_hex(${text})`,
    jsonText: (column: string, field: string) => `json_extract(${column}, '$.${field}')`,
    pairs: 'json_group_array(json_array(??, ??) order by ??)',
    list: 'json_group_array(?? order by ??)',
  },
  postgres: {
    sha256Hex: (text: string) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`,
    jsonText: (column: string, field: string) => `(${column}::json ->> '${field}')`,
    pairs: 'json_agg(json_build_array(??, ??) order by ??)',
    list: 'json_agg(?? order by ??)',
  },
};

/** A live payload row of `model` in the join `alias`, keyed by `key`: expiry as KnexOidcPayloadStore reads it. */
const livePayload = (alias: string, model: string, column: 'id' | 'uid', key: Knex.Raw, now: string) => (on: Knex.JoinClause) =>
  on
    .onVal(`${alias}.model`, model)
    .andOn(`${alias}.${column}`, '=', key)
    .andOn((unexpired) => unexpired.onNull(`${alias}.expires_at`).orOnVal(`${alias}.expires_at`, '>', now));

/**
 * Everything one userinfo call reads, in one statement on primary keys: the access token by the
 * SHA-256 of its key; the provider session its payload names and the grant its row names, each by
 * the SHA-256 the payload store keys them by; its client with the client's groups, and its account
 * (a principal's columns, never password_hash) with the member's groups, each list as JSON.
 */
export const userinfoReadQuery = (db: Knex, slots: { key: string; now: string; sessionNow: string; grantNow: string }): Knex.QueryBuilder => {
  const sql = spellings[engineOf(db)];
  const hashed = (text: string, column: string) => db.raw(sql.sha256Hex(text), [column]);
  const clientGroups = clientGroupsQuery(db, db.ref(`${OIDC_CLIENTS.table}.client_id`)).clearOrder().select(db.raw(sql.list, ['groups.id', 'groups.name']));
  const userGroups = memberGroupsQuery(db, db.ref('users.id')).clearSelect().clearOrder().select(db.raw(sql.pairs, ['groups.id', 'groups.name', 'groups.name']));
  const payloadOf = (alias: string, prefix: string) => [`${alias}.payload as ${prefix}payload`, `${alias}.consumed_at as ${prefix}consumed_at`];
  return db({ token: OIDC_PAYLOADS.table })
    .leftJoin({ session: OIDC_PAYLOADS.table }, livePayload('session', 'Session', 'uid', hashed(sql.jsonText('??', 'sessionUid'), 'token.payload'), slots.sessionNow))
    .leftJoin({ grant: OIDC_PAYLOADS.table }, livePayload('grant', 'Grant', 'id', hashed('??', 'token.grant_id'), slots.grantNow))
    .leftJoin(OIDC_CLIENTS.table, `${OIDC_CLIENTS.table}.client_id`, 'token.client_id')
    .leftJoin('users', 'users.id', 'token.account_id')
    .select(
      ...payloadOf('token', PART.token),
      ...payloadOf('session', PART.session),
      ...payloadOf('grant', PART.grant),
      ...aliasedColumns(OIDC_CLIENTS, PART.client),
      clientGroups.as('client_groups'),
      ...aliasedColumns(CREDENTIAL_OWNERS, PART.user),
      userGroups.as('user_groups'),
    )
    .where({ 'token.model': 'AccessToken', 'token.id': slots.key })
    .where((unexpired) => unexpired.whereNull('token.expires_at').orWhere('token.expires_at', '>', slots.now));
};
