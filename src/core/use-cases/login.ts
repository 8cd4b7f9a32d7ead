import { normalizeEmail } from '../domain/email.js';
import { DomainError } from '../domain/errors.js';
import { toPublicUser } from '../domain/user.js';
import type { Ports } from '../ports/ports.js';
import { loginRules, parse } from '../rules.js';
import { makeOpenSession } from './open-session.js';
import type { ThrottleGuard } from './throttle-guard.js';
import type { UseCases } from './use-cases.js';

export const makeLogin = (
  deps: Pick<Ports, 'auth' | 'scopes' | 'hasher' | 'secrets' | 'ids' | 'clock' | 'events'>,
  guard: ThrottleGuard,
): UseCases['login'] => {
  const openSession = makeOpenSession(deps);
  return async (input, context) => {
    const { clientAddress } = context;
    await guard.admitAddress(clientAddress);
    const body = parse<{ email: string; password: string }>(loginRules, input);
    const email = normalizeEmail(body.email);
    // Refused before the password is looked at, whether or not an account has this email.
    await guard.admitLogin(email, clientAddress);
    const user = await deps.auth.findUserByEmail(email);
    // An unknown email still pays for one verification (against a dummy hash): same timing.
    const verified = await deps.hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !verified) {
      deps.events.record({ type: 'login_failed', userId: user?.id ?? null, clientAddress });
      throw new DomainError('invalid_credentials');
    }
    await guard.clearLoginFailures(email);
    // A cookie sent along with the login dies here, so a planted one never gets authenticated.
    if (context.presentedSessionToken) {
      await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(context.presentedSessionToken));
    }
    if (deps.hasher.needsRehash(user.passwordHash)) {
      const passwordHash = await deps.hasher.hash(body.password);
      await deps.scopes.open(user.id).updateUser({ passwordHash, updatedAt: deps.clock.now() });
    }
    const session = await openSession(user.id, context.userAgent);
    deps.events.record({ type: 'login_succeeded', userId: user.id, clientAddress });
    return { user: toPublicUser(user), session };
  };
};
