import type { Knex } from 'knex';
import type { OidcGrantView } from '../../../core/domain/oidc-client.js';
import { CONSENT_MODEL, consentKey, grantScopes, OIDC_TOKEN_MODELS } from '../../../core/domain/oidc-grant.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { UserOidcStore } from '../../../core/ports/user-oidc-store.js';
import type { LogoutTarget } from '../../../core/ports/backchannel-logout.js';
import { sessionEnded, sessionTargets, withoutAuthorizations, type EndedSessions } from '../../../core/domain/provider-session.js';
import { payloadRow } from '../../oidc-payload-row.js';
import type { ScopedAccess } from '../access/scoped-access.js';
import { engineOf } from '../connection/engine.js';
import { OIDC_CLIENTS, OIDC_PAYLOADS } from '../models/index.js';
import { toRow } from '../row-mapping.js';
import { CLIENT_ID_MAX, isLookupKey } from './lookup-key.js';

/** A user's rows of oidc_payloads, filtered on account_id by the scope; client names read by client id. */
export class KnexUserOidcStore implements UserOidcStore {
  constructor(
    private readonly db: Knex | Knex.Transaction,
    private readonly access: ScopedAccess,
    private readonly userId: UserId,
  ) {}

  async listGrants(now: Date): Promise<OidcGrantView[]> {
    const grants = (await this.access.select(OIDC_PAYLOADS).where('model', 'Grant').orderBy('createdAt').orderBy('id').all()).filter(
      (grant) => grant.clientId !== null && (grant.expiresAt === null || grant.expiresAt.getTime() > now.getTime()),
    );
    const ids = [...new Set(grants.map((grant) => grant.clientId as string))];
    const clients = ids.length === 0 ? [] : ((await this.db(OIDC_CLIENTS.table).select('client_id', 'name').whereIn('client_id', ids)) as { client_id: string; name: string }[]);
    const names = new Map(clients.map((client) => [client.client_id, client.name]));
    return grants.map((grant) => ({
      clientId: grant.clientId as string,
      name: names.get(grant.clientId as string) ?? '',
      scopes: grantScopes(JSON.parse(grant.payload) as Record<string, unknown>),
      createdAt: grant.createdAt,
    }));
  }

  async revokeClient(clientId: string): Promise<boolean> {
    if (!isLookupKey(clientId, CLIENT_ID_MAX)) return false;
    const grants = await this.access.select(OIDC_PAYLOADS).where('clientId', clientId).where('model', 'Grant').count();
    await this.access.delete(OIDC_PAYLOADS, (row) => row.where('clientId', clientId));
    return grants > 0;
  }

  async rememberConsent({ clientId, grantId }: { clientId: string; grantId: string }, now: Date, expiresAt: Date): Promise<void> {
    // The account is the scope's user, whatever the caller names: the row is found by (model, key) alone.
    const payload = { accountId: this.userId, clientId, grantId };
    const row = toRow(OIDC_PAYLOADS, payloadRow(CONSENT_MODEL, consentKey(this.userId, clientId), payload, expiresAt, now), engineOf(this.db));
    const { created_at: _kept, consumed_at: _unconsumed, user_code: _none, ...replaced } = row;
    await this.db(OIDC_PAYLOADS.table).insert(row).onConflict(['model', 'id']).merge(replaced);
  }

  async revokeTokens(): Promise<number> {
    let deleted = 0;
    for (const model of OIDC_TOKEN_MODELS) deleted += await this.access.delete(OIDC_PAYLOADS, (row) => row.where('model', model));
    return deleted;
  }

  async endSessions(ended: EndedSessions): Promise<LogoutTarget[]> {
    const over = (await this.access.select(OIDC_PAYLOADS).where('model', 'Session').all()).filter((row) => sessionEnded(JSON.parse(row.payload) as Record<string, unknown>, ended));
    for (const session of over) {
      await this.access.update(OIDC_PAYLOADS, { payload: withoutAuthorizations(session.payload) }, (row) => row.where('model', 'Session').where('id', session.id));
    }
    return this.listening(over.flatMap((row) => sessionTargets(JSON.parse(row.payload) as Record<string, unknown>)));
  }

  async logoutTargetsFor(clientId: string): Promise<LogoutTarget[]> {
    if (!isLookupKey(clientId, CLIENT_ID_MAX)) return [];
    const sessions = await this.access.select(OIDC_PAYLOADS).where('model', 'Session').all();
    const targets = sessions.flatMap((row) => sessionTargets(JSON.parse(row.payload) as Record<string, unknown>)).filter((target) => target.clientId === clientId);
    return this.listening(targets.length > 0 ? targets : [{ clientId, sid: null }]);
  }

  /** Only the clients that registered a backchannel_logout_uri. */
  private async listening(targets: LogoutTarget[]): Promise<LogoutTarget[]> {
    const ids = [...new Set(targets.map((target) => target.clientId))];
    if (ids.length === 0) return [];
    const rows = (await this.db(OIDC_CLIENTS.table).select('client_id').whereIn('client_id', ids).whereNotNull('backchannel_logout_uri')) as { client_id: string }[];
    const listening = new Set(rows.map((row) => row.client_id));
    return targets.filter((target) => listening.has(target.clientId));
  }
}
