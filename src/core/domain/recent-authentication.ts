import type { SessionCredential } from './principal.js';

/** How long a proof of identity counts as recent (NIST SP 800-63B reauthentication; ASVS 7.5). */
export const RECENT_AUTHENTICATION_MS = 15 * 60_000;

/**
 * The one rule for recent authentication. A user with a second factor must have proved a second
 * factor; a user without one, anything that proved identity (a password included).
 */
export const isRecentlyAuthenticated = (credential: SessionCredential, hasSecondFactor: boolean, now: Date): boolean => {
  const proof = hasSecondFactor ? credential.secondFactorAt : credential.authenticatedAt;
  return proof !== null && now.getTime() - proof.getTime() < RECENT_AUTHENTICATION_MS;
};
