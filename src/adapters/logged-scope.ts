import type { NewSecurityEvent } from '../core/domain/security-event.js';
import type { UserId } from '../core/domain/user-id.js';
import type { SecurityLogEntry } from '../core/ports/security-log.js';
import type { UserScope } from '../core/ports/user-scopes.js';

export type Sink = (entry: SecurityLogEntry) => void;

/** A scope port whose transaction hands its work a scope of the same kind. */
interface Transactional<S> {
  transaction<T>(work: (inner: S) => Promise<T>): Promise<T>;
}

/**
 * `scope` with `methods` in place of its own, and a `transaction` that hands its work the scope
 * `wrap` makes, queuing what is logged inside until the outermost transaction has committed: an
 * event rolled back is never logged. The user and admin scopes differ only in what they replace.
 */
export const loggingAfterCommit = <S extends object & Transactional<S>>(
  scope: S,
  sink: Sink,
  pending: SecurityLogEntry[] | null,
  wrap: (inner: S, queue: SecurityLogEntry[]) => S,
  methods: Partial<S>,
): S =>
  new Proxy(scope, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return async <T>(work: (inner: S) => Promise<T>): Promise<T> => {
          const queue = pending ?? [];
          const result = await target.transaction((inner) => work(wrap(inner, queue)));
          if (!pending) for (const entry of queue) sink(entry);
          return result;
        };
      }
      if (Object.hasOwn(methods, property)) return methods[property as keyof S];
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/** The security log's entry for an event on `userId`'s trail. */
export const entryFor = (userId: UserId, event: NewSecurityEvent): SecurityLogEntry => ({
  type: event.type,
  userId,
  actor: event.actor,
  actorId: event.actorId,
  targetId: event.targetId,
  viaTokenId: event.viaTokenId,
  clientAddress: event.clientAddress,
});

/**
 * A scope whose recorded events also reach the security log — but only once they are durable:
 * inside a transaction they wait for its commit, and a rolled-back event is never logged.
 */
export const loggedScope = (scope: UserScope, sink: Sink, pending: SecurityLogEntry[] | null): UserScope => {
  const logged = (event: NewSecurityEvent): void => {
    if (pending) pending.push(entryFor(scope.userId, event));
    else sink(entryFor(scope.userId, event));
  };
  return loggingAfterCommit(scope, sink, pending, (inner, queue) => loggedScope(inner, sink, queue), {
    recordEvent: async (event) => {
      await scope.recordEvent(event);
      logged(event);
    },
    // Its own transaction: the event is durable once it returns (or queued, inside an outer one).
    recordSignIn: async (signIn) => {
      await scope.recordSignIn(signIn);
      logged(signIn.event);
    },
  });
};
