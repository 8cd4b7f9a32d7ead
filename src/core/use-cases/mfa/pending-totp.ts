import type { TotpFactor } from '../../domain/second-factor.js';
import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { openTotpSecret, otpauthUri } from './totp-secret.js';

/** How long an unconfirmed authenticator app waits for its first code (§15 rule 13). */
export const PENDING_TOTP_MINUTES = 15;

export const isPendingTotpFresh = (factor: TotpFactor, now: Date): boolean =>
  factor.confirmedAt === null && now.getTime() - factor.createdAt.getTime() < PENDING_TOTP_MINUTES * 60_000;

/** The set-up still waiting for its first code: its key and URI again, or null (none, confirmed or stale). */
export type PendingTotp = (principal: Principal) => Promise<{ secret: string; uri: string } | null>;

/**
 * A wrong code must not throw the QR code away, so the page asks for the pending set-up again. It is
 * the user's own unconfirmed secret, sealed at rest; a confirmed factor's secret never comes back.
 */
export const makePendingTotp =
  (deps: Pick<Ports, 'scopes' | 'clock' | 'secretBox'>): PendingTotp =>
  async (principal) => {
    const scope = deps.scopes.open(principal.userId);
    const factor = await scope.factors.findTotp();
    if (!factor || !isPendingTotpFresh(factor, deps.clock.now())) return null;
    const secret = await openTotpSecret(deps, scope, factor);
    return secret === null ? null : { secret, uri: otpauthUri(secret, principal.user.email) };
  };
