import type { Knex } from 'knex';
import type { GroupId } from '../../../core/domain/group.js';
import type { Clock } from '../../../core/ports/clock.js';
import type { OidcPayload, OidcUserinfoLookup, UserinfoRead } from '../../../core/ports/oidc-store.js';
import { engineOf } from '../connection/engine.js';
import { toGroupRef } from '../groups/member-groups.js';
import { PostgresStatements } from '../hot-path/postgres-statements.js';
import { SqliteStatements } from '../hot-path/sqlite-statements.js';
import { compileTemplate, placeholder, type StatementTemplate } from '../hot-path/statement-template.js';
import { CREDENTIAL_OWNERS, OIDC_CLIENTS } from '../models/index.js';
import { fromRow, type StoredRow } from '../row-mapping.js';
import { fromStoredId, toStoredTime } from '../stored-forms.js';
import { keyHashOf } from '../../oidc-stored-payload.js';
import { CLIENT_ID_MAX, isLookupKey, PAYLOAD_KEY_MAX } from './lookup-key.js';
import { fromClientRow } from './oidc-client-rows.js';
import { payloadOfRow } from './payload-read.js';
import { PART, userinfoReadQuery } from './userinfo-read-query.js';

/** A JSON list as the engine answers it: text on SQLite, parsed (or null for no rows) on PostgreSQL. */
const listOf = <T>(value: unknown): T[] => (value === null || value === undefined ? [] : ((typeof value === 'string' ? JSON.parse(value) : value) as T[]));

/** A key the part's own read would look up; any other finds nothing there, as it does here (lookup-key.ts). */
const named = (value: unknown, max: number): value is string => typeof value === 'string' && isLookupKey(value, max);

/** The row back into the parts, each as its own read (the payload store, the client lookup, the account's reads) answers it. */
const readOf = (row: StoredRow, key: string): UserinfoRead => {
  const token = payloadOfRow(row, { key }, PART.token) as OidcPayload;
  const { sessionUid, grantId, clientId } = token;
  const clientRow = row[`${PART.client}client_id`] !== null && named(clientId, CLIENT_ID_MAX) ? fromRow(OIDC_CLIENTS, row, PART.client) : null;
  const groups = clientRow ? listOf<string>(row.client_groups).map((id) => fromStoredId(id) as GroupId) : [];
  const user = row[`${PART.user}id`] !== null ? fromRow(CREDENTIAL_OWNERS, row, PART.user) : null;
  return {
    token,
    session: named(sessionUid, PAYLOAD_KEY_MAX) ? payloadOfRow(row, {}, PART.session) : null,
    grant: named(grantId, PAYLOAD_KEY_MAX) ? payloadOfRow(row, { key: grantId }, PART.grant) : null,
    client: clientRow && fromClientRow(clientRow, groups),
    user,
    groups: user ? listOf<[string, string]>(row.user_groups).map(([id, name]) => toGroupRef({ id, name })) : [],
  };
};

/**
 * Userinfo's reads — the access token, its provider session and grant, its client and groups, its
 * account and groups, which were ten statements — as one statement prepared once, like the hot
 * path's reads (src/adapters/knex/hot-path/README.md): on PostgreSQL one round trip instead of ten.
 * Nothing is cached but the statement, so a change on any instance counts at the next call.
 */
export class KnexOidcUserinfoLookup implements OidcUserinfoLookup {
  private readonly statements: Pick<SqliteStatements, 'get'>;
  private readonly template: StatementTemplate;

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
  ) {
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    const slots = { key: placeholder('key'), now: placeholder('now'), sessionNow: placeholder('sessionNow'), grantNow: placeholder('grantNow') };
    this.template = compileTemplate(userinfoReadQuery(db, slots), slots);
  }

  /** The SQL of the read: what spec/db/hot-path-sql.spec.ts pins on both engines. */
  get sql(): Record<string, string> {
    return { userinfoByAccessToken: this.template.sql };
  }

  async findByAccessToken(key: string): Promise<UserinfoRead | null> {
    if (!isLookupKey(key, PAYLOAD_KEY_MAX)) return null;
    const now = toStoredTime(this.clock.now(), engineOf(this.db));
    const row = await this.statements.get(this.template, { key: keyHashOf(key), now, sessionNow: now, grantNow: now });
    return row ? readOf(row, key) : null;
  }
}
