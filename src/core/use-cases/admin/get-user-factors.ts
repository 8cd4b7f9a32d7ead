import type { AdminCaller } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { toPasskeyView } from '../to-views.js';
import type { AdminFactorsView } from '../views.js';
import { openAdminScope } from './admin-authentication.js';
import { findTarget } from './on-target-user.js';

export type GetUserFactors = (caller: AdminCaller, userId: string) => Promise<AdminFactorsView>;

/**
 * Another user's second factors as an admin reads them, one by one: the authenticator app (only a
 * confirmed one counts; one still being set up is no factor yet), each passkey by name, and how many
 * recovery codes are left. Never a secret, a key or a code. Reading needs no recent proof, as the
 * user's details do not; changing them is the reset's, which does.
 */
export const makeGetUserFactors =
  (deps: Pick<Ports, 'scopes' | 'admins'>): GetUserFactors =>
  async (caller, userId) => {
    const { scope } = await findTarget(await openAdminScope(deps, caller), { id: userId });
    const [totp, passkeys, summary] = await Promise.all([scope.factors.findTotp(), scope.factors.listPasskeys(), scope.factors.summary()]);
    return {
      totp: totp?.confirmedAt ? { confirmedAt: totp.confirmedAt } : null,
      passkeys: passkeys.map(toPasskeyView),
      recoveryCodesLeft: summary.recoveryCodes,
    };
  };
