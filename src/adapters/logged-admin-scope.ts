import type { SecurityLogEntry } from '../core/ports/security-log.js';
import type { AdminScope, TargetUser } from '../core/ports/admin-scopes.js';
import { loggedScope, loggingAfterCommit, type Sink } from './logged-scope.js';

/**
 * An admin scope whose target users' scopes log their recorded events, after the admin
 * transaction commits (and never when it rolls back), like a logged user scope.
 */
export const loggedAdminScope = (scope: AdminScope, sink: Sink, pending: SecurityLogEntry[] | null): AdminScope => {
  const logged = (found: TargetUser | null): TargetUser | null => found && { ...found, scope: loggedScope(found.scope, sink, pending) };
  return loggingAfterCommit(scope, sink, pending, (inner, queue) => loggedAdminScope(inner, sink, queue), {
    findUser: async (id) => logged(await scope.findUser(id)),
    findUserByEmail: async (email) => logged(await scope.findUserByEmail(email)),
  });
};
