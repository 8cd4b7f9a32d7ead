import { normalizeEmail } from '../domain/email.js';
import { DomainError } from '../domain/errors.js';
import { toPublicUser } from '../domain/user.js';
import type { Ports } from '../ports/ports.js';
import { loginRules, parse } from '../rules.js';
import { makeOpenSession } from './open-session.js';
import type { UseCases } from './use-cases.js';

export const makeLogin = (
  deps: Pick<Ports, 'auth' | 'scopes' | 'hasher' | 'secrets' | 'ids' | 'clock'>,
): UseCases['login'] => {
  const openSession = makeOpenSession(deps);
  return async (input, context) => {
    const body = parse<{ email: string; password: string }>(loginRules, input);
    const user = await deps.auth.findUserByEmail(normalizeEmail(body.email));
    // An unknown email still pays for one verification (against a dummy hash): same timing.
    const verified = await deps.hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !verified) throw new DomainError('invalid_credentials');
    // A cookie sent along with the login dies here, so a planted one never gets authenticated.
    if (context.presentedSessionToken) {
      await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(context.presentedSessionToken));
    }
    if (deps.hasher.needsRehash(user.passwordHash)) {
      const passwordHash = await deps.hasher.hash(body.password);
      await deps.scopes.open(user.id).updateUser({ passwordHash, updatedAt: deps.clock.now() });
    }
    const session = await openSession(user.id, context.userAgent);
    return { user: toPublicUser(user), session };
  };
};
