import { isRedeemable, normalizeAccountRecoveryCode } from '../../domain/account-recovery.js';
import { normalizeEmail } from '../../domain/email.js';
import { DomainError } from '../../domain/errors.js';
import { toPublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { parse, recoverAccountRules } from '../../rules.js';
import { endPresentedSession } from './end-presented-session.js';
import { ensurePasswordPolicy } from '../account/ensure-password-policy.js';
import { newSession } from './new-session.js';
import { beginSecondStep } from './pending-login.js';
import { hasSecondFactor } from '../../domain/second-factor.js';
import type { ThrottleGuard } from './throttle-guard.js';
import { trailEvent } from '../trail-event.js';
import { issueDeviceCookie } from './trusted-device.js';
import type { SignInContext, LoginResult } from '../views.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';
import type { LogoutTarget } from '../../ports/backchannel-logout.js';
type RecoverDeps = Pick<Ports, 'auth' | 'scopes' | 'hasher' | 'blocklist' | 'secrets' | 'ids' | 'clock' | 'log' | 'secretBox' | 'backchannel'>;
/** input: { email, code, new_password }. Every refusal of the code is the same recovery_invalid. */
export type RecoverAccount = (input: unknown, context: SignInContext) => Promise<LoginResult>;

/**
 * POST /auth/recover. The code is looked up by its hash whatever the email, so an unknown email and
 * a wrong code run the same statements and get the same recovery_invalid. The account's password
 * rules come only after the code (a 422 is for its holder alone), and the code is used up by one
 * conditional UPDATE in the transaction that sets the password: of two redemptions, one wins.
 */
export const makeRecoverAccount =
  (deps: RecoverDeps, guard: ThrottleGuard): RecoverAccount =>
  async (input, context) => {
    await guard.admitAddress(context.clientAddress);
    const body = parse<{ email: string; code: string; new_password: string }>(recoverAccountRules, input);
    const email = normalizeEmail(body.email);
    await guard.admitRecovery(email, context.clientAddress, async () => {
      const owner = await deps.auth.findUserByEmail(email);
      if (owner) await deps.scopes.open(owner.id).recordEvent(trailEvent(deps, 'login_throttled', context));
    });
    const codeHash = deps.secrets.hashOf(normalizeAccountRecoveryCode(body.code) ?? body.code);
    const found = await deps.auth.findAccountRecoveryByCodeHash(codeHash);
    const now = deps.clock.now();
    const refused = (): DomainError => {
      deps.log.write({ type: 'recovery_failed', userId: null, clientAddress: context.clientAddress });
      return new DomainError('recovery_invalid');
    };
    if (found === null || !isRedeemable(found, email, now)) throw refused();
    const { user, recovery } = found;
    await ensurePasswordPolicy(deps, body.new_password, user, 'new_password');
    const passwordHash = await deps.hasher.hash(body.new_password);
    const userScope = deps.scopes.open(user.id);
    // A recovery replaces the password, never a second factor: a user with one ends in the second
    // step of a login, as if it had just typed the new password (decision 0017).
    const factors = await userScope.factors.summary();
    const withSecondFactor = hasSecondFactor(factors);
    const { session, grant } = newSession(deps, user.id, context.userAgent, ['pwd']);
    let ended: LogoutTarget[] = [];
    const recovered = await userScope.transaction(async (scope) => {
      if (!(await scope.useAccountRecovery(recovery.id, now))) return false;
      // Whoever held a session or was half-way through a login is out before anything new opens.
      await scope.deleteSessionsExcept(null);
      await scope.factors.deletePendingLogins();
      await scope.oidc.revokeTokens();
      ended = await endOidcSessions(scope);
      // Only a completed login counts as one: with a second factor pending, last_login_at waits for it.
      await scope.updateUser({ passwordHash, updatedAt: now, ...(withSecondFactor ? {} : { lastLoginAt: now }) });
      if (!withSecondFactor) await scope.insertSession(session);
      await scope.recordEvent(trailEvent(deps, 'account_recovered', context, { targetId: recovery.id }));
      await scope.recordEvent(trailEvent(deps, 'password_changed', context));
      return true;
    });
    if (!recovered) throw refused(); // a concurrent redemption won
    deps.backchannel.notify(user.id, ended);
    await endPresentedSession(deps, context);
    await guard.clearRecoveryFailures(email);
    if (withSecondFactor) {
      const { methods, pending } = await beginSecondStep(deps, userScope, factors, null);
      return { kind: 'second_step_pending', user: toPublicUser(user), pending, methods };
    }
    // The owner proved itself with the code: this browser is now one of its devices (decision 0018).
    return { kind: 'signed_in', user: toPublicUser(user), session: grant, device: issueDeviceCookie(deps, user.id) };
  };
