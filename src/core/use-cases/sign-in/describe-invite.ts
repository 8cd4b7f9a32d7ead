import { hasUsesLeft, isInviteExpired } from '../../domain/invite.js';
import type { Ports } from '../../ports/ports.js';

/** A revoked invite is gone, so it reads as unknown: the link's owner hears one answer for both. */
export type InviteState = 'open' | 'used' | 'expired' | 'unknown';

/** What an opened invite link is worth, by its code, before any form (§15 rule 12); it uses nothing up. */
export type DescribeInvite = (code: string) => Promise<InviteState>;

export const makeDescribeInvite =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'clock'>): DescribeInvite =>
  async (code) => {
    const invite = code === '' ? null : await deps.auth.findInviteByCodeHash(deps.secrets.hashOf(code));
    if (!invite) return 'unknown';
    // The order registration refuses in: an expired invite is expired, used up or not.
    if (isInviteExpired(invite, deps.clock.now())) return 'expired';
    return hasUsesLeft(invite) ? 'open' : 'used';
  };
