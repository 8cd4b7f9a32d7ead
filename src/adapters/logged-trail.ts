import type { AuthLookups } from '../core/ports/auth-lookups.js';
import type { SecurityLog, SecurityLogEntry } from '../core/ports/security-log.js';
import type { AdminScopes } from '../core/ports/admin-scopes.js';
import type { UserScope, UserScopes } from '../core/ports/user-scopes.js';
import { loggedAdminScope } from './logged-admin-scope.js';
import { entryFor, loggedScope, type Sink } from './logged-scope.js';

/** Runs `operation` with `then` given a logged scope that flushes when the operation has committed. */
const afterCommit = async <R>(sink: Sink, operation: (wrap: (scope: UserScope) => UserScope) => Promise<R>): Promise<R> => {
  const queue: SecurityLogEntry[] = [];
  const result = await operation((scope) => loggedScope(scope, sink, queue));
  for (const entry of queue) sink(entry);
  return result;
};

/** The store's trail-writing ports, with every committed trail event also written to `log`. */
type TrailPorts = { auth: AuthLookups; scopes: UserScopes; admins: AdminScopes };

export const withSecurityLog = (store: TrailPorts, log: SecurityLog): TrailPorts => {
  const sink: Sink = (entry) => log.write(entry);
  const { auth } = store;
  return {
    scopes: {
      open: (userId) => loggedScope(store.scopes.open(userId), sink, null),
      openAccountNamedByProvider: (accountId) => {
        const scope = store.scopes.openAccountNamedByProvider(accountId);
        return scope && loggedScope(scope, sink, null);
      },
    },
    admins: { open: (admin) => loggedAdminScope(store.admins.open(admin), sink, null) },
    auth: {
      findUserByEmail: (email) => auth.findUserByEmail(email),
      findSessionByTokenHash: (hash) => auth.findSessionByTokenHash(hash),
      findApiTokenByTokenHash: (hash) => auth.findApiTokenByTokenHash(hash),
      findInviteByCodeHash: (hash) => auth.findInviteByCodeHash(hash),
      findPendingLoginBySecretHash: (hash) => auth.findPendingLoginBySecretHash(hash),
      findAccountRecoveryByCodeHash: (hash) => auth.findAccountRecoveryByCodeHash(hash),
      findPasskeyByCredentialId: (credentialId) => auth.findPasskeyByCredentialId(credentialId),
      insertPasskeyLoginChallenge: (challenge, now) => auth.insertPasskeyLoginChallenge(challenge, now),
      takePasskeyLoginChallenge: (hash) => auth.takePasskeyLoginChallenge(hash),
      insertUser: (user, then) => afterCommit(sink, (wrap) => auth.insertUser(user, then && ((scope) => then(wrap(scope))))),
      redeemInviteSigningIn: async (inviteId, user, firstSignIn) => {
        // The store may run the whole registration as one unit: its event is logged once that has committed.
        let made: SecurityLogEntry | null = null;
        const redeemed = await auth.redeemInviteSigningIn(inviteId, user, (userId) => {
          const signIn = firstSignIn(userId);
          made = entryFor(userId, signIn.event);
          return signIn;
        });
        if (redeemed.outcome === 'inserted' && made) sink(made);
        return redeemed;
      },
      deleteSessionByTokenHash: (hash, then) =>
        afterCommit(sink, (wrap) => auth.deleteSessionByTokenHash(hash, then && ((scope, id) => then(wrap(scope), id)))),
    },
  };
};
