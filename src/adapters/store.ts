import type { AuthLookups } from '../core/ports/auth-lookups.js';
import type { Ports } from '../core/ports/ports.js';
import type { InviteRedemption } from './invite-redemption.js';

/** What each store (Knex, memory) provides: its ports, and the invite redemption its registration is built on. */
export type Store = Pick<Ports, 'scopes' | 'admins' | 'health' | 'retention' | 'oidcPayloads' | 'oidcClients' | 'oidcUserinfo' | 'oidcKeys' | 'access' | 'pendingActions'> & {
  auth: AuthLookups & InviteRedemption;
};
