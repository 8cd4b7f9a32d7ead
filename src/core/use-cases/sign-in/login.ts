import { normalizeEmail } from '../../domain/email.js';
import { DomainError } from '../../domain/errors.js';
import { hasSecondFactor } from '../../domain/second-factor.js';
import { isDisabled, toPublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { loginRules, parse } from '../../rules.js';
import { endPresentedSession } from './end-presented-session.js';
import { newSession } from './new-session.js';
import { beginSecondStep } from './pending-login.js';
import type { ThrottleGuard } from './throttle-guard.js';
import { trailEvent } from '../trail-event.js';
import { issueDeviceCookie, loginAttempt } from './trusted-device.js';
import type { SignInContext, LoginResult } from '../views.js';

/** For a user with a second factor: no session, a pending login to complete with one (docs/security.md). */
export type Login = (input: unknown, context: SignInContext) => Promise<LoginResult>;

export const makeLogin =
  (deps: Pick<Ports, 'auth' | 'scopes' | 'hasher' | 'secrets' | 'ids' | 'clock' | 'log' | 'secretBox'>, guard: ThrottleGuard): Login =>
  async (input, context) => {
    const { clientAddress } = context;
    await guard.admitAddress(clientAddress);
    const body = parse<{ email: string; password: string }>(loginRules, input);
    const email = normalizeEmail(body.email);
    const user = await deps.auth.findUserByEmail(email);
    const attempt = loginAttempt(deps, email, user?.id ?? null, context);
    // Refused before the password is looked at, whether or not an account has this email.
    await guard.admitLogin(attempt, async () => {
      if (user) await deps.scopes.open(user.id).recordEvent(trailEvent(deps, 'login_throttled', context));
    });
    // An unknown email still pays for one verification (against a dummy hash): same timing.
    const verified = await deps.hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !verified) {
      if (user) await deps.scopes.open(user.id).recordEvent(trailEvent(deps, 'login_failed', context));
      else deps.log.write({ type: 'login_failed', userId: null, clientAddress });
      throw new DomainError('invalid_credentials');
    }
    // Only whoever knows the password learns the account is disabled (a page says so; the API answers
    // as for a wrong password). It still counts as a failed login, as it always did.
    if (isDisabled(user)) {
      await deps.scopes.open(user.id).recordEvent(trailEvent(deps, 'login_failed', context));
      throw new DomainError('account_disabled');
    }
    await endPresentedSession(deps, context);
    const rehashed = deps.hasher.needsRehash(user.passwordHash) ? await deps.hasher.hash(body.password) : null;
    const factors = await deps.scopes.open(user.id).factors.summary();
    // A password alone opens nothing for a user with a second factor (docs/security.md), and it does not
    // clear the email's failures either: only the second step does, so codes cannot be guessed across pending logins.
    if (hasSecondFactor(factors)) {
      const { methods, pending } = await beginSecondStep(deps, deps.scopes.open(user.id), factors, rehashed);
      return { kind: 'second_step_pending', user: toPublicUser(user), pending, methods };
    }
    await guard.clearLoginFailures(attempt);
    const { session, grant } = newSession(deps, user.id, context.userAgent, ['pwd']);
    const rehash = rehashed ? { passwordHash: rehashed, updatedAt: session.createdAt } : {};
    await deps.scopes.open(user.id).recordSignIn({
      userChanges: { ...rehash, lastLoginAt: session.createdAt },
      session,
      event: trailEvent(deps, 'login_succeeded', context, { targetId: session.id }),
    });
    return { kind: 'signed_in', user: toPublicUser(user), session: grant, device: issueDeviceCookie(deps, user.id) };
  };
