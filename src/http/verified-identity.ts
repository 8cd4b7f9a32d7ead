import type { Principal } from '../core/domain/principal.js';
import type { UseCases } from '../core/use-cases/use-cases.js';

/** What GET /auth/verify vouches for; sent as the X-Gatehouse-* headers. */
export interface VerifiedIdentity {
  userId: string;
  email: string;
  mfa: boolean;
}

/**
 * Whether the credential proved a second factor. An API token never does. A session will once
 * sessions record how they were opened (CONTRACT §10); until then none does.
 */
export const provedSecondFactor = (_principal: Principal): boolean => false;

/**
 * The principal does not carry the user's email yet, so it is read through getMe: one lookup by
 * primary key, the same second query /users/me makes. Once the principal carries the public
 * user, this becomes a field read and verify costs one query.
 */
export const verifiedIdentity = async (useCases: Pick<UseCases, 'getMe'>, principal: Principal): Promise<VerifiedIdentity> => ({
  userId: principal.userId,
  email: (await useCases.getMe(principal)).email,
  mfa: provedSecondFactor(principal),
});
