import type Provider from 'oidc-provider';
import type { Client, ClientMetadata } from 'oidc-provider';
import type { OidcClient } from '../core/domain/oidc-client.js';
import type { OidcPayload } from '../core/ports/oidc-store.js';
import { amrOf, type TokenSource } from './client-access.js';
import { clientMetadataOf } from './client-metadata.js';
import { isRecord } from '../core/domain/json-record.js';

/**
 * Stricter than oidc-provider's own check of a stored payload (formats/opaque.js verify, with its
 * clock tolerance, then the model's kind): an opaque payload of the model's kind, live by its `exp`
 * without tolerance, with no field the lane does not expect. Anything else is for the provider.
 */
const plainAndLive = (payload: OidcPayload, kind: string, nowSeconds: number): boolean =>
  payload.kind === kind &&
  typeof payload.exp === 'number' &&
  nowSeconds < payload.exp &&
  (payload.iat === undefined || typeof payload.iat === 'number') &&
  (payload.format === undefined || payload.format === 'opaque') &&
  [payload.nbf, payload.iss, payload.aud, payload.consumed, payload.jwt, payload['jwt-ietf'], payload.paseto].every((field) => field === undefined);

/** A claims request naming userinfo claims (only an ID token's auth_time, from max_age, is ever asked today). */
const requestsUserinfoClaims = (claims: unknown): boolean => {
  const userinfo = isRecord(claims) ? claims.userinfo : undefined;
  return userinfo !== undefined && (!isRecord(userinfo) || Object.keys(userinfo).length > 0);
};

/** What the lane reads of an access token that userinfo would accept. */
export interface UserinfoToken {
  clientId: string;
  accountId: string;
  grantId: string;
  scopes: ReadonlySet<string>;
  /** expiresWithSession: valid only while its provider session holds its grant. */
  boundToSession: boolean;
  amr: readonly string[];
}

/**
 * An access token as userinfo takes it (actions/userinfo.js, shared/access_token.js): live, with
 * `openid`, no audience, not sender-constrained (x5t#S256, jkt), no userinfo claims request, naming
 * its client, account and grant. Null for anything else.
 */
export const userinfoToken = (payload: OidcPayload, nowSeconds: number): UserinfoToken | null => {
  if (!plainAndLive(payload, 'AccessToken', nowSeconds)) return null;
  const { clientId, accountId, grantId, scope } = payload;
  if (typeof clientId !== 'string' || typeof accountId !== 'string' || typeof grantId !== 'string' || typeof scope !== 'string') return null;
  const scopes = new Set(scope.split(' '));
  if (!scopes.has('openid') || payload['x5t#S256'] !== undefined || payload.jkt !== undefined || requestsUserinfoClaims(payload.claims)) return null;
  return { clientId, accountId, grantId, scopes, boundToSession: Boolean(payload.expiresWithSession), amr: amrOf(payload as TokenSource) };
};

/** checkSessionBinding (models/token_helpers.js): a bound token needs its session, of its account, still holding its grant for the client. */
export const sessionStillHolds = (token: UserinfoToken, session: OidcPayload | null, nowSeconds: number): boolean => {
  if (!token.boundToSession) return true;
  if (!session || !plainAndLive(session, 'Session', nowSeconds) || session.accountId !== token.accountId) return false;
  const authorization = isRecord(session.authorizations) ? session.authorizations[token.clientId] : undefined;
  return isRecord(authorization) && authorization.grantId === token.grantId;
};

/**
 * loadAccessTokenGrant and Grant#getOIDCScopeFiltered: the scopes the grant gives the token, for a
 * live grant of the token's client and account that rejected nothing (a grant with rejections is
 * for the provider to mask). Null where the provider refuses, or might answer otherwise.
 */
export const grantedScope = (token: UserinfoToken, grant: OidcPayload | null, nowSeconds: number): string | null => {
  if (!grant || !plainAndLive(grant, 'Grant', nowSeconds) || grant.clientId !== token.clientId || grant.accountId !== token.accountId || grant.rejected !== undefined) return null;
  const { openid } = grant;
  if (openid !== undefined && !(isRecord(openid) && (openid.scope === undefined || typeof openid.scope === 'string'))) return null;
  const granted = typeof openid?.scope === 'string' ? openid.scope : '';
  return granted
    .split(' ')
    .filter((scope) => token.scopes.has(scope))
    .join(' ');
};

const built = new WeakMap<Provider, Map<string, Client>>();
const BUILT_MAX = 100;

/**
 * The provider's Client for a client row, as Client.find makes it (helpers/add_client.js) and
 * keeps it: by the whole of its metadata (oidc-provider's dynamicClients are keyed by a hash of
 * it), so a client changed on any instance is a new key at the next call, never a stale answer.
 * Null for metadata the provider would refuse or that needs a fetch (a sector identifier).
 */
export const clientOf = (provider: Provider, client: OidcClient): Client | null => {
  const metadata = clientMetadataOf(client);
  const key = JSON.stringify(metadata);
  let clients = built.get(provider);
  if (!clients) built.set(provider, (clients = new Map()));
  let found = clients.get(key);
  if (found === undefined) {
    try {
      // The constructor Client.find calls; oidc-provider's types do not list it.
      found = new (provider.Client as unknown as new (metadata: ClientMetadata) => Client)(metadata);
    } catch {
      return null;
    }
    if (clients.size >= BUILT_MAX) clients.clear();
    clients.set(key, found);
  }
  return found.sectorIdentifierUri === undefined ? found : null;
};
