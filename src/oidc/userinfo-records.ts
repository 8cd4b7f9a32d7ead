import type Provider from 'oidc-provider';
import type { AccessToken, Client, ClientMetadata, Grant, Session } from 'oidc-provider';
import type { OidcClient } from '../core/domain/oidc-client.js';
import type { OidcPayload } from '../core/ports/oidc-store.js';
import { clientMetadataOf } from './client-metadata.js';

/** oidc-provider's model constructors take a stored payload (their find does exactly that); its types only list what issuing passes. */
type FromPayload<T> = (new (payload: OidcPayload) => T) & { readonly name: string };

/**
 * Stricter than oidc-provider's own check of a stored payload (formats/opaque.js verify, with its
 * clock tolerance): an opaque payload of the model's kind, issued, live by its `exp` without
 * tolerance, with no field the lane does not expect. Anything else is for the provider to judge.
 */
const plainAndLive = (payload: OidcPayload, kind: string, nowSeconds: number): boolean =>
  payload.kind === kind &&
  typeof payload.exp === 'number' &&
  nowSeconds < payload.exp &&
  (payload.iat === undefined || typeof payload.iat === 'number') &&
  (payload.format === undefined || payload.format === 'opaque') &&
  [payload.nbf, payload.iss, payload.aud, payload.consumed, payload.jwt, payload['jwt-ietf'], payload.paseto].every((field) => field === undefined);

/** The model oidc-provider's find would make of `payload`, or null where its find might answer otherwise. */
const modelOf = <T>(Model: FromPayload<T>, payload: OidcPayload | null, nowSeconds: number): T | null => {
  if (!payload || !plainAndLive(payload, Model.name, nowSeconds)) return null;
  try {
    return new Model(payload);
  } catch {
    return null;
  }
};

/** The provider's models of one userinfo call's records (the lean userinfo's); epoch seconds, as oidc-provider counts. */
export const userinfoModels = (provider: Provider, nowSeconds = Math.floor(Date.now() / 1000)) => ({
  accessToken: (payload: OidcPayload) => modelOf(provider.AccessToken as unknown as FromPayload<AccessToken>, payload, nowSeconds),
  session: (payload: OidcPayload | null) => modelOf(provider.Session as unknown as FromPayload<Session>, payload, nowSeconds),
  grant: (payload: OidcPayload | null) => modelOf(provider.Grant as unknown as FromPayload<Grant>, payload, nowSeconds),
});

/** The token's binding to its provider session (shared/token_helpers.js checkSessionBinding): that session must still hold its grant. */
export const sessionStillHolds = (token: AccessToken, session: Session | null): boolean =>
  !token.expiresWithSession || (session !== null && session.accountId === token.accountId && typeof token.clientId === 'string' && session.grantIdFor(token.clientId) === token.grantId);

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
      found = new (provider.Client as unknown as new (metadata: ClientMetadata) => Client)(metadata);
    } catch {
      return null;
    }
    if (clients.size >= BUILT_MAX) clients.clear();
    clients.set(key, found);
  }
  return found.sectorIdentifierUri === undefined ? found : null;
};
