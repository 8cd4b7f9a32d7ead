import type { Knex } from 'knex';
import type { Ports } from '../../core/ports/ports.js';
import { UnscopedAccess } from './access/unscoped-access.js';
import { KnexAuthLookups } from './knex-auth-lookups.js';
import { KnexEventRetention } from './knex-event-retention.js';
import { KnexUserScope } from './knex-user-scope.js';
import { MIGRATIONS } from './migration-source.js';

export type Store = Pick<Ports, 'auth' | 'scopes' | 'health' | 'retention'>;

/** The three access modes of SPEC §5, each behind its own port, and the trail's retention. */
export function createKnexStore(db: Knex): Store {
  const unscoped = new UnscopedAccess(db);
  const latest = MIGRATIONS.map((migration) => migration.name);
  return {
    auth: new KnexAuthLookups(db),
    scopes: { open: (userId) => new KnexUserScope(db, userId) },
    retention: new KnexEventRetention(db),
    health: { isDatabaseUp: () => unscoped.ping(), isSchemaCurrent: () => unscoped.hasApplied(latest) },
  };
}
