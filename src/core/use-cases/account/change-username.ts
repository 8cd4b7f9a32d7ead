import { DomainError } from '../../domain/errors.js';
import type { NewSecurityEvent } from '../../domain/security-event.js';
import type { UserScope } from '../../ports/user-scopes.js';

/**
 * Sets (or, with null, removes) the username inside the caller's transaction, with its
 * username_changed event; the same name again changes and records nothing. Taken → username_taken
 * (the unique key decides, so of two racing users exactly one gets it).
 */
export const changeUsername = async (scope: UserScope, current: string | null, wanted: string | null, event: () => NewSecurityEvent): Promise<void> => {
  if (wanted === current) return;
  if (!(await scope.setUsername(wanted))) throw new DomainError('username_taken');
  await scope.recordEvent(event());
};
