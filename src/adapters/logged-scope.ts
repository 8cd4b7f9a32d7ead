import type { NewSecurityEvent } from '../core/domain/security-event.js';
import type { SecurityLogEntry } from '../core/ports/security-log.js';
import type { UserScope } from '../core/ports/user-scopes.js';

export type Sink = (entry: SecurityLogEntry) => void;

const entryOf = (scope: UserScope, event: NewSecurityEvent): SecurityLogEntry => ({
  type: event.type,
  userId: scope.userId,
  actor: event.actor,
  actorId: event.actorId,
  targetId: event.targetId,
  clientAddress: event.clientAddress,
});

/**
 * A scope whose recorded events also reach the security log — but only once they are durable:
 * inside a transaction they wait for its commit, and a rolled-back event is never logged.
 */
export const loggedScope = (scope: UserScope, sink: Sink, pending: SecurityLogEntry[] | null): UserScope =>
  new Proxy(scope, {
    get(target, property, receiver) {
      if (property === 'recordEvent') {
        return async (event: NewSecurityEvent) => {
          await target.recordEvent(event);
          if (pending) pending.push(entryOf(target, event));
          else sink(entryOf(target, event));
        };
      }
      if (property === 'transaction') {
        return async <T>(work: (inner: UserScope) => Promise<T>): Promise<T> => {
          const queue = pending ?? [];
          const result = await target.transaction((inner) => work(loggedScope(inner, sink, queue)));
          if (!pending) for (const entry of queue) sink(entry);
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
