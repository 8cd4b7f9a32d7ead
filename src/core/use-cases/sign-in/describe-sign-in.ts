import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { withSecondFactorProof, type AuthMethod } from '../../domain/session.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';

/** When and how the user signed in on this session: an ID token's `sub`, `auth_time` and `amr`. */
export interface SignInDescription {
  userId: UserId;
  sessionId: string;
  /** The session's authenticatedAt: its last proof of identity (login, step-up, password change). */
  authTime: Date;
  /** RFC 8176 values, as recorded when the session was opened (empty before they were), and `mfa` once a second factor was proved on it. */
  amr: AuthMethod[];
}

/** A cookie principal only (an API token → forbidden); a session gone since the request began → not_authenticated. */
export type DescribeSignIn = (principal: Principal) => Promise<SignInDescription>;

export const makeDescribeSignIn =
  (deps: Pick<Ports, 'scopes'>): DescribeSignIn =>
  async (principal) => {
    const { sessionId, secondFactorAt } = requireSession(principal);
    const signIn = await deps.scopes.open(principal.userId).findSessionSignIn(sessionId);
    if (!signIn) throw new DomainError('not_authenticated');
    return { userId: principal.userId, sessionId, authTime: signIn.authenticatedAt, amr: withSecondFactorProof(signIn.authMethods, secondFactorAt) };
  };
