import type { LogoutTarget } from '../../ports/backchannel-logout.js';
import type { UserScope } from '../../ports/user-scopes.js';

/**
 * In the transaction of a change that ended Gatehouse sessions: the provider sessions that none of
 * the user's remaining sessions backs are over, and these clients are to be told (after the commit,
 * through `backchannel.notify`).
 */
export const endOidcSessions = async (scope: UserScope): Promise<LogoutTarget[]> =>
  scope.oidc.endSessions((await scope.listSessions()).map((session) => session.authenticatedAt));
