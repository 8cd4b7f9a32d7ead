import type { FactorSummary } from '../../core/domain/second-factor.js';
import type { ScopedAccess } from './access/scoped-access.js';
import { PASSKEYS, RECOVERY_CODES, TOTP_FACTORS } from './models/index.js';

/** The three reads of a factor summary, one definition for knex's path and the prepared one. */
export const factorCounts = (access: ScopedAccess) => ({
  // A TOTP factor counts once confirmed: an enrolment begun and abandoned opens nothing.
  totp: access.select(TOTP_FACTORS).where('confirmedAt', '>', new Date(0)),
  passkeys: access.select(PASSKEYS),
  recoveryCodes: access.select(RECOVERY_CODES),
});

export const summaryOf = (counts: { totp: number; passkeys: number; recoveryCodes: number }): FactorSummary => ({
  totp: counts.totp > 0,
  passkeys: counts.passkeys,
  recoveryCodes: counts.recoveryCodes,
});
