import type { OidcClient } from '../../domain/oidc-client.js';

/** A client as an admin reads it: everything but the secret's hash. */
export type OidcClientView = Omit<OidcClient, 'secretHash'>;

export const toOidcClientView = ({ secretHash: _hidden, ...client }: OidcClient): OidcClientView => client;
