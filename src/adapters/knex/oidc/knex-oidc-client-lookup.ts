import type { Knex } from 'knex';
import type { GroupId } from '../../../core/domain/group.js';
import type { OidcClient } from '../../../core/domain/oidc-client.js';
import type { OidcClientLookup } from '../../../core/ports/oidc-store.js';
import { engineOf } from '../connection/engine.js';
import { PostgresStatements } from '../hot-path/postgres-statements.js';
import { SqliteStatements } from '../hot-path/sqlite-statements.js';
import { compileTemplate, placeholder } from '../hot-path/statement-template.js';
import { OIDC_CLIENTS } from '../models/index.js';
import { fromRow } from '../row-mapping.js';
import { fromStoredId } from '../stored-forms.js';
import { CLIENT_ID_MAX, isLookupKey } from './lookup-key.js';
import { clientGroupsQuery, fromClientRow } from './oidc-client-rows.js';

const KEY = placeholder('key');

/**
 * The provider's per-request read of a client, by its id (the primary key), with its allowed
 * groups: every token request and userinfo call asks it, twice (the client, then its access
 * policy), so both statements are compiled once and prepared (src/adapters/knex/hot-path/README.md).
 */
export class KnexOidcClientLookup implements OidcClientLookup {
  private readonly statements: Pick<SqliteStatements, 'get' | 'all'>;
  private readonly templates;

  constructor(private readonly db: Knex) {
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    this.templates = {
      // The model's columns by name, not *: a PostgreSQL statement prepared once must not change its result's shape.
      clientById: compileTemplate(db(OIDC_CLIENTS.table).select(OIDC_CLIENTS.columns.map((column) => column.name)).where({ client_id: KEY }), { key: KEY }),
      groupsOfClient: compileTemplate(clientGroupsQuery(db, KEY).select('groups.id as group_id'), { key: KEY }),
    };
  }

  /** The SQL of the two reads, by name: what spec/db/hot-path-sql.spec.ts pins on both engines. */
  get sql(): Record<string, string> {
    return { clientById: this.templates.clientById.sql, groupsOfClient: this.templates.groupsOfClient.sql };
  }

  async find(clientId: string): Promise<OidcClient | null> {
    if (!isLookupKey(clientId, CLIENT_ID_MAX)) return null;
    const row = await this.statements.get(this.templates.clientById, { key: clientId });
    if (!row) return null;
    const groups = (await this.statements.all(this.templates.groupsOfClient, { key: clientId })).map((group) => fromStoredId(String(group.group_id)) as GroupId);
    return fromClientRow(fromRow(OIDC_CLIENTS, row), groups);
  }

  /** Clients are few and made by hand: the web public clients with origins are read whole and compared exactly, never by a pattern. */
  async originAllowed(origin: string): Promise<boolean> {
    const rows = (await this.db(OIDC_CLIENTS.table).select('allowed_origins').where({ type: 'public', application_type: 'web' }).whereNot({ allowed_origins: '[]' })) as { allowed_origins: string }[];
    return rows.some((row) => (JSON.parse(row.allowed_origins) as string[]).includes(origin));
  }
}
