import type { OidcGrantView } from '../domain/oidc-client.js';
import type { LogoutTarget } from './backchannel-logout.js';
import type { EndedSessions } from '../domain/provider-session.js';

/** The OpenID provider's rows of one user (its grants, codes and tokens), reached only through the user's scope. */
export interface UserOidcStore {
  /** One view per unexpired Grant payload (a client may have several), oldest first, with the client's name. */
  listGrants(now: Date): Promise<OidcGrantView[]>;
  /** Deletes every payload of the user for the client (grant, codes, tokens); true when a Grant was among them. */
  revokeClient(clientId: string): Promise<boolean>;
  /**
   * Remembers that the user allowed the client, as the grant `grantId`: the one row the provider
   * reads back (find-remembered-oidc-consent.ts), replaced at each consent, owned by the user.
   */
  rememberConsent(consent: { clientId: string; grantId: string }, now: Date, expiresAt: Date): Promise<void>;
  /** Deletes the user's authorization codes, access and refresh tokens (the grants, the remembered consent, stay). */
  revokeTokens(): Promise<number>;
  /**
   * Forgets the clients of the user's provider sessions that ended (all of them, or those of the
   * Gatehouse sessions signed in at these times) and answers, for each client of back-channel
   * logout they signed the user in to, its sid.
   */
  endSessions(ended: EndedSessions): Promise<LogoutTarget[]>;
  /** The client's sids in the user's provider sessions, when it is a client of back-channel logout (the sessions stay). */
  logoutTargetsFor(clientId: string): Promise<LogoutTarget[]>;
}
