import type { Knex } from 'knex';
import type { Ports } from '../../core/ports/ports.js';
import { UnscopedAccess } from './access/unscoped-access.js';
import { KnexAdminScope } from './knex-admin-scope.js';
import { KnexAuthLookups } from './knex-auth-lookups.js';
import { KnexEventRetention } from './knex-event-retention.js';
import { KnexUserScope } from './knex-user-scope.js';
import { MIGRATIONS } from './migrations/migration-source.js';

export type Store = Pick<Ports, 'auth' | 'scopes' | 'admins' | 'health' | 'retention'>;

/** The three access modes of docs/architecture.md, the admin scope, and the trail's retention, each behind its own port. */
export function createKnexStore(db: Knex): Store {
  const unscoped = new UnscopedAccess(db);
  const latest = MIGRATIONS.map((migration) => migration.name);
  return {
    auth: new KnexAuthLookups(db),
    scopes: { open: (userId) => new KnexUserScope(db, userId) },
    retention: new KnexEventRetention(db),
    admins: { open: (admin) => new KnexAdminScope(db, admin) },
    health: { isDatabaseUp: () => unscoped.ping(), isSchemaCurrent: () => unscoped.hasApplied(latest) },
  };
}
