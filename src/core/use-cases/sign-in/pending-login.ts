import { DomainError } from '../../domain/errors.js';
import { isPendingLoginExpired, PENDING_LOGIN_MS, type PendingLogin } from '../../domain/pending-login.js';
import { methodsOf, type FactorSummary, type SecondFactorMethod } from '../../domain/second-factor.js';
import type { User } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import type { PendingLoginGrant } from '../views.js';

/** The first step's answer for a user with a second factor: a pending login (with the password's rehash, if due) and its cookie secret. */
export const beginSecondStep = async (
  deps: Pick<Ports, 'secrets' | 'ids' | 'clock'>,
  scope: UserScope,
  summary: FactorSummary,
  rehashed: string | null,
): Promise<{ methods: SecondFactorMethod[]; pending: PendingLoginGrant }> => {
  const now = deps.clock.now();
  const { secret, hash } = deps.secrets.issue('pending_login');
  const expiresAt = new Date(now.getTime() + PENDING_LOGIN_MS);
  await scope.transaction(async (tx) => {
    if (rehashed) await tx.updateUser({ passwordHash: rehashed, updatedAt: now });
    await tx.factors.insertPendingLogin({ id: deps.ids.next(), userId: scope.userId, secretHash: hash, attempts: 0, createdAt: now, expiresAt });
  });
  return { methods: methodsOf(summary), pending: { token: secret, expiresAt } };
};

/** The live pending login a cookie names, with its user; anything else is no credential at all. */
export const findPendingLogin = async (
  deps: Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'clock'>,
  secret: string | null,
): Promise<{ pending: PendingLogin; user: User; scope: UserScope }> => {
  const found = secret === null ? null : await deps.auth.findPendingLoginBySecretHash(deps.secrets.hashOf(secret));
  if (!found) throw new DomainError('not_authenticated');
  const scope = deps.scopes.open(found.user.id);
  if (isPendingLoginExpired(found.pending, deps.clock.now())) {
    await scope.factors.deletePendingLogin(found.pending.id);
    throw new DomainError('not_authenticated');
  }
  return { ...found, scope };
};
