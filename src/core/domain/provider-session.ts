import type { LogoutTarget } from '../ports/backchannel-logout.js';
import { isRecord } from './json-record.js';

/** The clients a provider session (oidc-provider's Session payload) signed the user in to, each with its sid. */
export const sessionTargets = (payload: Readonly<Record<string, unknown>>): LogoutTarget[] => {
  const authorizations = isRecord(payload.authorizations) ? payload.authorizations : {};
  return Object.entries(authorizations).flatMap(([clientId, authorization]) =>
    isRecord(authorization) && typeof authorization.sid === 'string' ? [{ clientId, sid: authorization.sid }] : [],
  );
};

/** Which provider sessions end: every one of the user's, or those of the Gatehouse sessions signed in at these times. */
export type EndedSessions = 'all' | readonly Date[];

/**
 * A provider session stands on the Gatehouse session the user signed in with: the provider's login
 * check compares its login time with that session's sign-in time (to the second), and so does this.
 */
export const sessionEnded = (payload: Readonly<Record<string, unknown>>, ended: EndedSessions): boolean =>
  isRecord(payload.authorizations) && (ended === 'all' || ended.some((signedIn) => Math.floor(signedIn.getTime() / 1000) === payload.loginTs));

/**
 * The stored session (JSON) without the clients it signed in to: told once, they are not told again
 * by a later trigger. The session itself stays, so that a logout confirmation the provider has
 * under way still finds it (and finds no client left to tell).
 */
export const withoutAuthorizations = (stored: string): string => {
  const { authorizations: _told, ...rest } = JSON.parse(stored) as Record<string, unknown>;
  return JSON.stringify(rest);
};
