import { addDays } from '../../domain/days.js';
import type { Ports } from '../../ports/ports.js';

/** Deletes the security events older than the configured retention; answers how many went. */
export type PurgeExpiredEvents = () => Promise<number>;

/** Security events older than the retention (SERVICE_EVENT_RETENTION_DAYS) are deleted; answers how many. */
export const makePurgeExpiredEvents =
  (deps: Pick<Ports, 'retention' | 'clock'>, retentionDays: number): PurgeExpiredEvents =>
  () =>
    deps.retention.deleteEventsBefore(addDays(deps.clock.now(), -retentionDays));
