import type { SecurityLogEntry } from '../core/ports/security-log.js';
import type { AdminScope, TargetUser } from '../core/ports/admin-scopes.js';
import { loggedScope, type Sink } from './logged-scope.js';

/**
 * An admin scope whose target users' scopes log their recorded events, after the admin
 * transaction commits (and never when it rolls back), like a logged user scope.
 */
export const loggedAdminScope = (scope: AdminScope, sink: Sink, pending: SecurityLogEntry[] | null): AdminScope => {
  const logged = (found: TargetUser | null): TargetUser | null => found && { ...found, scope: loggedScope(found.scope, sink, pending) };
  return new Proxy(scope, {
    get(target, property, receiver) {
      if (property === 'findUser') return async (id: string) => logged(await target.findUser(id));
      if (property === 'findUserByEmail') return async (email: string) => logged(await target.findUserByEmail(email));
      if (property === 'transaction') {
        return async <T>(work: (inner: AdminScope) => Promise<T>): Promise<T> => {
          const queue = pending ?? [];
          const result = await target.transaction((inner) => work(loggedAdminScope(inner, sink, queue)));
          if (!pending) for (const entry of queue) sink(entry);
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
