import { DomainError } from './errors.js';
import type { RequestContext } from './request-context.js';
import type { UserId } from './user-id.js';
import type { PublicUser, Role } from './user.js';

export interface SessionCredential {
  kind: 'session';
  sessionId: string;
  authenticatedAt: Date;
  secondFactorAt: Date | null;
  /** When the session ends unless used again: the lifetime of a cookie re-sent for it. */
  expiresAt: Date;
}

export interface ApiTokenCredential {
  kind: 'api_token';
  tokenId: string;
}

export type Credential = SessionCredential | ApiTokenCredential;

/**
 * Who is calling, with which credential, from where. The user and its role come from the same
 * lookup that checked the credential, so they are as fresh as the request and need no second read.
 */
export interface Principal {
  userId: UserId;
  user: PublicUser;
  role: Role;
  credential: Credential;
  context: RequestContext;
  /**
   * Set on a session of a user whom the MFA policy covers and who has not proved a second factor on
   * it: until one is enrolled, it may only read itself and its factors, enrol one and log out.
   */
  enrolmentRequired?: true;
}

/** Account-changing actions need a browser session, so a leaked API token cannot take over. */
export const requireSession = (principal: Principal): SessionCredential => {
  if (principal.credential.kind !== 'session') throw new DomainError('forbidden');
  return principal.credential;
};

/** The API token a principal calls with, by id; null for a browser session. */
export const apiTokenIdOf = (principal: Principal): string | null =>
  principal.credential.kind === 'api_token' ? principal.credential.tokenId : null;

export const currentSessionId = (principal: Principal): string | null =>
  principal.credential.kind === 'session' ? principal.credential.sessionId : null;
