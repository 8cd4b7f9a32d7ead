import type { Principal } from '../core/domain/principal.js';
import type { UseCases } from '../core/use-cases/use-cases.js';

/** What GET /auth/verify vouches for; sent as the X-Gatehouse-* headers. */
export interface VerifiedIdentity {
  userId: string;
  email: string;
  mfa: boolean;
}

/**
 * Whether the credential has proved a second factor: a session opened with one, or stepped up
 * since (as SessionOut's `mfa`). An API token never has.
 */
export const provedSecondFactor = (principal: Principal): boolean =>
  principal.credential.kind === 'session' && principal.credential.secondFactorAt !== null;

/** The user arrived with the credential's lookup, so getMe reads nothing again: verify costs one query. */
export const verifiedIdentity = async (useCases: Pick<UseCases, 'getMe'>, principal: Principal): Promise<VerifiedIdentity> => ({
  userId: principal.userId,
  email: (await useCases.getMe(principal)).email,
  mfa: provedSecondFactor(principal),
});
