import type { GroupId } from './group.js';

/**
 * One access policy for both doors (an OpenID client, a forward-auth rule). `allowedGroups` empty:
 * every enabled user; else a member of at least one. `requireMfa`: the session must carry a
 * second-factor proof (amr contains mfa).
 */
export interface AccessPolicy {
  allowedGroups: GroupId[];
  requireMfa: boolean;
}

export const OPEN_POLICY: AccessPolicy = { allowedGroups: [], requireMfa: false };

/** What the door knows about the person at the moment it asks. */
export interface AccessFacts {
  groupIds: readonly string[];
  /** The session (or the OpenID sign-in) carries a second-factor proof. */
  mfaProved: boolean;
  /** The user has a confirmed TOTP or a passkey. */
  hasSecondFactor: boolean;
  /** The credential is an API token: it never carries a second-factor proof. */
  apiToken: boolean;
}

/**
 * allow; deny (access_denied: outside the groups, or an API token where a second factor is needed);
 * second_factor_needed (the user has one: take them through the second step);
 * second_factor_setup_needed (the user has none: a page with a link to set one up).
 */
export type AccessDecision = 'allow' | 'deny' | 'second_factor_needed' | 'second_factor_setup_needed';

export const isInAllowedGroups = (policy: AccessPolicy, groupIds: readonly string[]): boolean =>
  policy.allowedGroups.length === 0 || policy.allowedGroups.some((id) => groupIds.includes(id));

/** True when the decision depends on whether the user has a second factor: only then need a door look it up. */
export const asksForSecondFactor = (policy: AccessPolicy, facts: Omit<AccessFacts, 'hasSecondFactor'>): boolean =>
  isInAllowedGroups(policy, facts.groupIds) && policy.requireMfa && !facts.mfaProved && !facts.apiToken;

export const decideAccess = (policy: AccessPolicy, facts: AccessFacts): AccessDecision => {
  if (!isInAllowedGroups(policy, facts.groupIds)) return 'deny';
  if (!policy.requireMfa) return 'allow';
  if (facts.apiToken) return 'deny';
  if (facts.mfaProved) return 'allow';
  return facts.hasSecondFactor ? 'second_factor_needed' : 'second_factor_setup_needed';
};
