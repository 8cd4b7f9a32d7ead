import type { SecurityLog, SecurityLogEntry } from '../../core/ports/security-log.js';

/** Keeps every entry in order, for tests and for embedding without a logger. */
export class MemorySecurityLog implements SecurityLog {
  readonly written: SecurityLogEntry[] = [];

  write(entry: SecurityLogEntry): void {
    this.written.push({ ...entry });
  }
}
