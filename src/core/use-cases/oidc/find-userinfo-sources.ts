import type { OidcClient } from '../../domain/oidc-client.js';
import type { MemberProfile } from '../../ports/access-lookups.js';
import type { OidcPayload } from '../../ports/oidc-store.js';
import type { Ports } from '../../ports/ports.js';
import { oidcAccountOf, type OidcAccount } from './find-oidc-account.js';

/** What the lean userinfo judges a call on: the provider's records and Gatehouse's, as read now. */
export interface UserinfoSources {
  token: OidcPayload;
  /** The provider session the token names; null when it has ended. */
  session: OidcPayload | null;
  grant: OidcPayload | null;
  client: OidcClient | null;
  /** As findOidcAccount answers: null for a user gone or disabled. */
  account: OidcAccount | null;
  /** As the access policy reads the member (decideReadClientAccess); null for a user gone. */
  profile: MemberProfile | null;
}

/**
 * For the lean userinfo (src/oidc/lean-userinfo.ts): everything one access token's userinfo call
 * needs, in one read, with the account rule of findOidcAccount applied. Nothing is kept between
 * calls, so a revocation, a disabled user or a changed client counts at the next one everywhere.
 */
export type FindUserinfoSources = (accessToken: string) => Promise<UserinfoSources | null>;

export const makeFindUserinfoSources =
  (deps: Pick<Ports, 'oidcUserinfo'>): FindUserinfoSources =>
  async (accessToken) => {
    const read = await deps.oidcUserinfo.findByAccessToken(accessToken);
    if (!read) return null;
    const { token, session, grant, client, user, groups } = read;
    return { token, session, grant, client, account: user && oidcAccountOf(user, groups), profile: user && { username: user.username, groups } };
  };
