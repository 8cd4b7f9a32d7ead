import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { deleteAccountRules, parse } from '../../rules.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { keepAnAdmin, onOwnAdminAccount } from '../admin/on-target-user.js';

/** Session credentials only (else forbidden). */
export type DeleteAccount = (principal: Principal, input: unknown) => Promise<void>;

/** The trail goes with the account (nothing may name a deleted user), so only the log keeps the deletion. */
export const makeDeleteAccount =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'clock' | 'log'>, checkPassword: PasswordCheck): DeleteAccount =>
  async (principal, input) => {
    requireSession(principal);
    const body = parse<{ password: string }>(deleteAccountRules, input);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    await checkPassword(scope, user, body.password, principal.context);
    if (user.role === 'admin') {
      // The service always keeps an enabled admin: the count and the deletion run in one admin transaction.
      await onOwnAdminAccount(deps, principal, { id: user.id }, async (admin, target) => {
        await keepAnAdmin(admin, target);
        await target.scope.deleteUser();
      });
    } else {
      await scope.deleteUser();
    }
    deps.log.write({ type: 'account_deleted', userId: user.id, clientAddress: principal.context.clientAddress });
  };
