import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { toPasskeyView } from '../to-views.js';
import type { MfaView } from '../views.js';

export type GetMfa = (principal: Principal) => Promise<MfaView>;

/** What the user has, never a secret: recovery codes only as a count. */
export const makeGetMfa =
  (deps: Pick<Ports, 'scopes'>): GetMfa =>
  async (principal) => {
    const { factors } = deps.scopes.open(principal.userId);
    const summary = await factors.summary();
    return { totp: summary.totp, passkeys: (await factors.listPasskeys()).map(toPasskeyView), recoveryCodesLeft: summary.recoveryCodes };
  };
