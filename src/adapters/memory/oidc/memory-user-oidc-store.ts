import type { OidcGrantView } from '../../../core/domain/oidc-client.js';
import { CONSENT_MODEL, consentKey, grantScopes, OIDC_TOKEN_MODELS } from '../../../core/domain/oidc-grant.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { UserOidcStore } from '../../../core/ports/user-oidc-store.js';
import type { LogoutTarget } from '../../../core/ports/backchannel-logout.js';
import { sessionEnded, sessionTargets, withoutAuthorizations, type EndedSessions } from '../../../core/domain/provider-session.js';
import { payloadRow, type OidcPayloadRow } from '../../oidc-payload-row.js';
import { payloadKey, type MemoryTables } from '../memory-tables.js';

const oldestFirst = (a: OidcPayloadRow, b: OidcPayloadRow): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class MemoryUserOidcStore implements UserOidcStore {
  constructor(
    private readonly tables: MemoryTables,
    private readonly userId: UserId,
  ) {}

  async listGrants(now: Date): Promise<OidcGrantView[]> {
    return this.mine((row) => row.model === 'Grant' && row.clientId !== null && (row.expiresAt === null || row.expiresAt.getTime() > now.getTime()))
      .map(([, row]) => row)
      .sort(oldestFirst)
      .map((row) => ({
        clientId: row.clientId as string,
        name: this.tables.oidcClients.get(row.clientId as string)?.name ?? '',
        scopes: grantScopes(JSON.parse(row.payload) as Record<string, unknown>),
        createdAt: new Date(row.createdAt.getTime()),
      }));
  }

  async revokeClient(clientId: string): Promise<boolean> {
    const doomed = this.mine((row) => row.clientId === clientId);
    for (const [key] of doomed) this.tables.oidcPayloads.delete(key);
    return doomed.some(([, row]) => row.model === 'Grant');
  }

  async rememberConsent({ clientId, grantId }: { clientId: string; grantId: string }, now: Date, expiresAt: Date): Promise<void> {
    if (!this.tables.oidcClients.has(clientId)) throw new Error('FOREIGN KEY constraint failed');
    const row = payloadRow(CONSENT_MODEL, consentKey(this.userId, clientId), { accountId: this.userId, clientId, grantId }, expiresAt, now);
    const key = payloadKey(CONSENT_MODEL, row.id);
    this.tables.oidcPayloads.set(key, { ...row, createdAt: this.tables.oidcPayloads.get(key)?.createdAt ?? row.createdAt });
  }

  async revokeTokens(): Promise<number> {
    const doomed = this.mine((row) => (OIDC_TOKEN_MODELS as readonly string[]).includes(row.model));
    for (const [key] of doomed) this.tables.oidcPayloads.delete(key);
    return doomed.length;
  }

  async endSessions(ended: EndedSessions): Promise<LogoutTarget[]> {
    const over = this.mine((row) => row.model === 'Session' && sessionEnded(JSON.parse(row.payload) as Record<string, unknown>, ended));
    for (const [key, row] of over) this.tables.oidcPayloads.set(key, { ...row, payload: withoutAuthorizations(row.payload) });
    return this.listening(over.flatMap(([, row]) => sessionTargets(JSON.parse(row.payload) as Record<string, unknown>)));
  }

  async logoutTargetsFor(clientId: string): Promise<LogoutTarget[]> {
    const targets = this.mine((row) => row.model === 'Session')
      .flatMap(([, row]) => sessionTargets(JSON.parse(row.payload) as Record<string, unknown>))
      .filter((target) => target.clientId === clientId);
    return this.listening(targets.length > 0 ? targets : [{ clientId, sid: null }]);
  }

  private listening(targets: LogoutTarget[]): LogoutTarget[] {
    return targets.filter((target) => (this.tables.oidcClients.get(target.clientId)?.backchannelLogoutUri ?? null) !== null);
  }

  private mine(test: (row: OidcPayloadRow) => boolean): [string, OidcPayloadRow][] {
    return [...this.tables.oidcPayloads].filter(([, row]) => row.accountId === this.userId && test(row));
  }
}
