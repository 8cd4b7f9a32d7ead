import { DomainError } from '../../domain/errors.js';
import { isCoveredByPolicy, type MfaPolicy } from '../../domain/mfa-policy.js';
import type { Principal } from '../../domain/principal.js';
import { isSessionExpired, sessionTouch } from '../../domain/session.js';
import { isDisabled, toPublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { RequestContext, SessionGrant } from '../views.js';

/** Throws not_authenticated. `renewed` is set when the cookie must be sent again. */
export type AuthenticateSession = (token: string, context: RequestContext) => Promise<{ principal: Principal; session: SessionGrant; renewed: boolean }>;

/** The per-request hot path: one lookup, and a write only when the expiry slides or a minute passed. */
export const makeAuthenticateSession =
  (deps: Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'clock'>, mfaPolicy: MfaPolicy = 'none'): AuthenticateSession =>
  async (token, context) => {
    const tokenHash = deps.secrets.hashOf(token);
    const found = await deps.auth.findSessionByTokenHash(tokenHash);
    // A disabled user's row comes with the same joined lookup: refused at once, by every instance.
    if (!found || isDisabled(found.user)) throw new DomainError('not_authenticated');
    const { session, user } = found;
    const now = deps.clock.now();
    if (isSessionExpired(session, now)) {
      await deps.auth.deleteSessionByTokenHash(tokenHash);
      throw new DomainError('not_authenticated');
    }
    const touch = sessionTouch(session, now);
    if (touch) await deps.scopes.open(user.id).touchSession(session.id, touch);
    const credential = {
      kind: 'session' as const,
      sessionId: session.id,
      authenticatedAt: session.authenticatedAt,
      secondFactorAt: session.secondFactorAt,
      expiresAt: touch?.expiresAt ?? session.expiresAt,
    };
    // docs/security.md: a covered user's session that never proved a second factor may only enrol one.
    const enrolment = isCoveredByPolicy(mfaPolicy, user.role) && session.secondFactorAt === null ? { enrolmentRequired: true as const } : {};
    return {
      principal: { userId: user.id, user: toPublicUser(user), role: user.role, credential, context, ...enrolment },
      session: { token, expiresAt: touch?.expiresAt ?? session.expiresAt },
      renewed: touch?.renewed ?? false,
    };
  };
