import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { deleteAccountRules, parse } from '../../rules.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { keepAnAdmin, onOwnAdminAccount } from '../admin/on-target-user.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';
import type { LogoutTarget } from '../../ports/backchannel-logout.js';

/** Session credentials only (else forbidden). */
export type DeleteAccount = (principal: Principal, input: unknown) => Promise<void>;

/** The trail goes with the account (nothing may name a deleted user), so only the log keeps the deletion. */
export const makeDeleteAccount =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'clock' | 'log' | 'backchannel'>, checkPassword: PasswordCheck): DeleteAccount =>
  async (principal, input) => {
    requireSession(principal);
    const body = parse<{ password: string }>(deleteAccountRules, input);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    await checkPassword(scope, user, body.password, principal.context);
    // Every session goes with the user: the clients are read before the cascade takes the rows.
    let ended: LogoutTarget[] = [];
    if (user.role === 'admin') {
      // The service always keeps an enabled admin: the count and the deletion run in one admin transaction.
      await onOwnAdminAccount(deps, principal, { id: user.id }, async (admin, target) => {
        await keepAnAdmin(admin, target);
        await target.scope.deleteSessionsExcept(null);
        ended = await endOidcSessions(target.scope);
        await target.scope.deleteUser();
      });
    } else {
      await scope.transaction(async (tx) => {
        await tx.deleteSessionsExcept(null);
        ended = await endOidcSessions(tx);
        await tx.deleteUser();
      });
    }
    deps.backchannel.notify(user.id, ended);
    deps.log.write({ type: 'account_deleted', userId: user.id, clientAddress: principal.context.clientAddress });
  };
