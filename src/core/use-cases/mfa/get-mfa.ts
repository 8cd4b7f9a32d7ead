import type { Ports } from '../../ports/ports.js';
import { toPasskeyView } from '../to-views.js';
import type { UseCases } from '../use-cases.js';

/** What the user has, never a secret: recovery codes only as a count. */
export const makeGetMfa =
  (deps: Pick<Ports, 'scopes'>): UseCases['getMfa'] =>
  async (principal) => {
    const { factors } = deps.scopes.open(principal.userId);
    const summary = await factors.summary();
    return { totp: summary.totp, passkeys: (await factors.listPasskeys()).map(toPasskeyView), recoveryCodesLeft: summary.recoveryCodes };
  };
