import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { changePasswordRules, parse } from '../../rules.js';
import { withPassword } from '../../domain/session.js';
import { ensurePasswordPolicy } from './ensure-password-policy.js';
import { newSession } from '../sign-in/new-session.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { trailEvent } from '../trail-event.js';
import type { SessionGrant } from '../views.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';

/** Session credentials only (else forbidden). Returns the rotated session. */
export type ChangePassword = (principal: Principal, input: unknown) => Promise<SessionGrant>;

/**
 * The new hash, the end of every session and the caller's fresh one commit together (ASVS 2.3.3):
 * no moment exists where the new password works and an old session still does.
 */
export const makeChangePassword =
  (deps: Pick<Ports, 'scopes' | 'hasher' | 'blocklist' | 'secrets' | 'ids' | 'clock' | 'backchannel'>, checkPassword: PasswordCheck): ChangePassword =>
  async (principal, input) => {
    const credential = requireSession(principal);
    const body = parse<{ current_password: string; new_password: string }>(changePasswordRules, input);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    await checkPassword(scope, user, body.current_password, principal.context);
    await ensurePasswordPolicy(deps, body.new_password, user, 'new_password');
    const passwordHash = await deps.hasher.hash(body.new_password);
    // The rotated session keeps the proofs the caller's session had, and the password just proved.
    const before = await scope.findSessionSignIn(credential.sessionId);
    const methods = withPassword(before?.authMethods ?? []);
    const { session, grant } = newSession(deps, user.id, principal.context.userAgent, methods, credential.secondFactorAt);
    const ended = await scope.transaction(async (tx) => {
      await tx.updateUser({ passwordHash, updatedAt: deps.clock.now() });
      await tx.deleteSessionsExcept(null);
      await tx.oidc.revokeTokens(); // clients sign the user in again, with the new password
      const told = await endOidcSessions(tx);
      await tx.insertSession(session);
      await tx.recordEvent(trailEvent(deps, 'password_changed', principal.context));
      return told;
    });
    deps.backchannel.notify(principal.userId, ended);
    return grant;
  };
