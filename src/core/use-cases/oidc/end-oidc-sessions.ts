import type { LogoutTarget } from '../../ports/backchannel-logout.js';
import type { UserScope } from '../../ports/user-scopes.js';

/**
 * In the transaction of a change that ended every Gatehouse session of the user: so are their
 * provider sessions, and these clients are to be told (after the commit, through `backchannel.notify`).
 */
export const endOidcSessions = (scope: UserScope): Promise<LogoutTarget[]> => scope.oidc.endSessions('all');
