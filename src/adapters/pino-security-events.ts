import type { Logger } from 'pino';
import type { SecurityEvent, SecurityEvents } from '../core/ports/security-events.js';

const WARNINGS: ReadonlySet<SecurityEvent['type']> = new Set(['login_failed', 'throttled']);

/**
 * One JSON line per event. Field names avoid the logger's redaction patterns (a "token_id" would be
 * censored), and the event carries ids only, never a secret.
 */
export class PinoSecurityEvents implements SecurityEvents {
  constructor(private readonly logger: Pick<Logger, 'info' | 'warn'>) {}

  record(event: SecurityEvent): void {
    const line = {
      security_event: event.type,
      user_id: event.userId,
      target_id: event.targetId,
      client_address: event.clientAddress,
      limiter: event.limiter,
    };
    if (WARNINGS.has(event.type)) this.logger.warn(line, 'security event');
    else this.logger.info(line, 'security event');
  }
}
