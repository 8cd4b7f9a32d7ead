import type { Knex } from 'knex';
import type { Clock } from '../../core/ports/clock.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { Store } from '../store.js';
import { SystemClock } from '../system-clock.js';
import { UnscopedAccess } from './access/unscoped-access.js';
import { KnexAdminScope } from './knex-admin-scope.js';
import { KnexAuthLookups } from './knex-auth-lookups.js';
import { KnexAccessLookups } from './groups/knex-access-lookups.js';
import { KnexEventRetention } from './knex-event-retention.js';
import { KnexUserScope } from './knex-user-scope.js';
import { toStoredIdOrNull } from './stored-forms.js';
import { MIGRATIONS } from './migrations/migration-source.js';
import { KnexOidcClientLookup } from './oidc/knex-oidc-client-lookup.js';
import { KnexOidcKeyStore } from './oidc/knex-oidc-key-store.js';
import { KnexOidcPayloadStore } from './oidc/knex-oidc-payload-store.js';
import { KnexOidcUserinfoLookup } from './oidc/knex-oidc-userinfo-lookup.js';
import { KnexPendingActions } from './pending/knex-pending-actions.js';

export type { Store } from '../store.js';

/**
 * The three access modes of docs/architecture.md, the admin scope, the trail's retention and the
 * OpenID provider's storage, each behind its own port. `clock` decides which payloads have expired.
 */
export function createKnexStore(db: Knex, clock: Clock = new SystemClock()): Store {
  const unscoped = new UnscopedAccess(db);
  const latest = MIGRATIONS.map((migration) => migration.name);
  return {
    auth: new KnexAuthLookups(db),
    scopes: {
      open: (userId) => new KnexUserScope(db, userId),
      openAccountNamedByProvider: (accountId) => (toStoredIdOrNull(accountId) !== null ? new KnexUserScope(db, accountId.toLowerCase() as UserId) : null),
    },
    retention: new KnexEventRetention(db),
    admins: { open: (admin) => new KnexAdminScope(db, admin) },
    oidcPayloads: new KnexOidcPayloadStore(db, clock),
    oidcClients: new KnexOidcClientLookup(db),
    oidcUserinfo: new KnexOidcUserinfoLookup(db, clock),
    oidcKeys: new KnexOidcKeyStore(db),
    access: new KnexAccessLookups(db),
    pendingActions: new KnexPendingActions(db),
    health: { isDatabaseUp: () => unscoped.ping(), isSchemaCurrent: () => unscoped.hasApplied(latest) },
  };
}
