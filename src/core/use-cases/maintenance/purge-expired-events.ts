import { addDays } from '../../domain/days.js';
import type { Ports } from '../../ports/ports.js';
import type { UseCases } from '../use-cases.js';

/** Security events older than the retention (SERVICE_EVENT_RETENTION_DAYS) are deleted; answers how many. */
export const makePurgeExpiredEvents =
  (deps: Pick<Ports, 'retention' | 'clock'>, retentionDays: number): UseCases['purgeExpiredEvents'] =>
  () =>
    deps.retention.deleteEventsBefore(addDays(deps.clock.now(), -retentionDays));
