import type { HostRule } from '../domain/forward-auth-rule.js';
import type { GroupRef } from '../domain/group.js';
import type { UserId } from '../domain/user-id.js';

/** What a door tells a protected application about the person: never read from a cache. */
export interface MemberProfile {
  username: string | null;
  groups: GroupRef[];
}

/** What verify judges a request by: the forwarded host's rules and the person. */
export interface ForwardAuthFacts {
  rules: HostRule[];
  /** Null when there is no such user. */
  profile: MemberProfile | null;
}

/**
 * The doors' reads at every request (verify, the OpenID provider), each one indexed query, so a
 * change made on any instance holds at the next request everywhere.
 */
export interface AccessLookups {
  /** The rules of one host (matched as stored: lowercased) and the user's profile, read together. */
  forwardAuthFacts(host: string, userId: UserId): Promise<ForwardAuthFacts>;
  /** The user's username and groups (by name); null when there is no such user. */
  findMemberProfile(userId: UserId): Promise<MemberProfile | null>;
}

/** Which door decided. */
export type AccessDoor = 'oidc' | 'forward_auth';

/** gatehouse_access_decisions_total{door,outcome}: a hook the composition wires to the metrics, or to nothing. */
export interface AccessMeter {
  count(door: AccessDoor, outcome: string): void;
}
