import type { ForwardAuthRule } from '../domain/forward-auth-rule.js';
import type { GroupRef } from '../domain/group.js';
import type { UserId } from '../domain/user-id.js';

/** What a door tells a protected application about the person: never read from a cache. */
export interface MemberProfile {
  username: string | null;
  groups: GroupRef[];
}

/**
 * The doors' reads at every request (verify, the OpenID provider), each one indexed query, so a
 * change made on any instance holds at the next request everywhere.
 */
export interface AccessLookups {
  /** The rules of one host (as stored: lowercased). */
  rulesForHost(host: string): Promise<ForwardAuthRule[]>;
  /** The user's username and groups (by name); null when there is no such user. */
  findMemberProfile(userId: UserId): Promise<MemberProfile | null>;
}

/** Which door decided. */
export type AccessDoor = 'oidc' | 'forward_auth';

/** gatehouse_access_decisions_total{door,outcome}: a hook the composition wires to the metrics, or to nothing. */
export interface AccessMeter {
  count(door: AccessDoor, outcome: string): void;
}
