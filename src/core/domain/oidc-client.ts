import type { GroupId } from './group.js';
import type { SigningAlgorithm } from './signing-algorithm.js';

/**
 * An application that signs its users in with Gatehouse (an OpenID Connect relying party). It exists
 * only by an admin's hand; a confidential client's secret is kept as a hash, never in the clear.
 */
export type OidcClientType = 'confidential' | 'public';
/** OpenID Connect's application_type: a native app (loopback redirects on any port) or one that runs on the web. */
export type OidcApplicationType = 'web' | 'native';

export interface OidcClient {
  clientId: string;
  name: string;
  type: OidcClientType;
  /** Matched exactly, in the order the admin gave them. */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** A first-party client: no consent page. */
  skipConsent: boolean;
  /** False only for a confidential client that cannot send PKCE. */
  requirePkce: boolean;
  /** SHA-256 (hex) of the secret of a confidential client; null for a public one. */
  secretHash: string | null;
  createdAt: Date;
  /** The client's access policy (domain/access-policy.ts): group ids, empty = every enabled user. */
  allowedGroups: GroupId[];
  requireMfa: boolean;
  /** A confidential client that may introspect any token of the provider, not only its own (RFC 7662). */
  introspect: boolean;
  /** A client of the device authorization grant (RFC 8628). */
  device: boolean;
  applicationType: OidcApplicationType;
  /** A web public client's (single-page application's) exact browser origins, the only ones given CORS answers. */
  allowedOrigins: string[];
  /** Where the client is told that a user's session ended (Back-Channel Logout 1.0); null: never. */
  backchannelLogoutUri: string | null;
  /** What its ID tokens (and logout tokens) are signed with: RS256 unless the admin chose another. */
  idTokenAlgorithm: SigningAlgorithm;
}

/** A user's remembered consent for one client, as the account page and the API list it. */
export interface OidcGrantView {
  clientId: string;
  name: string;
  scopes: string[];
  createdAt: Date;
}
