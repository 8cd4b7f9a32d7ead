import type { Logger } from 'pino';
import type { SecurityLog, SecurityLogEntry } from '../core/ports/security-log.js';

const WARNINGS: ReadonlySet<SecurityLogEntry['type']> = new Set(['login_failed', 'login_throttled']);

/**
 * One JSON line per entry. Field names avoid the logger's redaction patterns (a "token_id" would be
 * censored), and the entry carries ids only, never a secret.
 */
export class PinoSecurityLog implements SecurityLog {
  constructor(private readonly logger: Pick<Logger, 'info' | 'warn'>) {}

  write(entry: SecurityLogEntry): void {
    const line = {
      security_event: entry.type,
      user_id: entry.userId,
      actor: entry.actor,
      actor_id: entry.actorId ?? undefined,
      target_id: entry.targetId ?? undefined,
      via_credential_id: entry.viaTokenId ?? undefined,
      client_address: entry.clientAddress ?? undefined,
      limiter: entry.limiter,
      outcome: entry.outcome,
    };
    if (WARNINGS.has(entry.type)) this.logger.warn(line, 'security event');
    else this.logger.info(line, 'security event');
  }
}
