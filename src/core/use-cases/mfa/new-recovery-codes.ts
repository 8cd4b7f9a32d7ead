import { RECOVERY_CODE_COUNT, type RecoveryCode } from '../../domain/second-factor.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';

/** Ten fresh codes: the formatted ones to show once, and the rows that keep only their hashes. */
export const newRecoveryCodes = (deps: Pick<Ports, 'secrets' | 'ids' | 'clock'>, userId: UserId): { codes: string[]; records: RecoveryCode[] } => {
  const issued = Array.from({ length: RECOVERY_CODE_COUNT }, () => deps.secrets.issue('recovery_code'));
  const createdAt = deps.clock.now();
  return {
    codes: issued.map((code) => code.secret),
    records: issued.map((code) => ({ id: deps.ids.next(), userId, codeHash: code.hash, createdAt })),
  };
};
