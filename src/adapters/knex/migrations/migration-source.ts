import type { Knex } from 'knex';
import * as identity from '../../../../db/migrations/0001_identity.js';
import * as throttle from '../../../../db/migrations/0002_throttle.js';
import * as securityEvents from '../../../../db/migrations/0003_security_events.js';
import * as secondFactor from '../../../../db/migrations/0004_second_factor.js';
import * as administration from '../../../../db/migrations/0005_administration.js';
import * as accountRecovery from '../../../../db/migrations/0006_account_recovery.js';
import * as secondFactorFailures from '../../../../db/migrations/0007_second_factor_failures.js';
import * as oidc from '../../../../db/migrations/0008_oidc.js';
import * as oidcKeysHashed from '../../../../db/migrations/0009_oidc_keys_hashed.js';
import * as eventToken from '../../../../db/migrations/0010_event_token.js';
import * as groups from '../../../../db/migrations/0011_groups.js';
import * as pendingActions from '../../../../db/migrations/0012_pending_actions.js';
import * as oidcClientApps from '../../../../db/migrations/0013_oidc_client_apps.js';
import * as oidcIntrospectDevice from '../../../../db/migrations/0014_oidc_introspect_device.js';
import * as oidcBackchannel from '../../../../db/migrations/0015_oidc_backchannel.js';
import * as oidcIdTokenAlgorithm from '../../../../db/migrations/0016_oidc_id_token_algorithm.js';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Imported statically, so the same list works under tsx and from dist/ (no directory scan). */
export const MIGRATIONS: readonly Migration[] = [
  { name: '0001_identity', ...identity },
  { name: '0002_throttle', ...throttle },
  { name: '0003_security_events', ...securityEvents },
  { name: '0004_second_factor', ...secondFactor },
  { name: '0005_administration', ...administration },
  { name: '0006_account_recovery', ...accountRecovery },
  { name: '0007_second_factor_failures', ...secondFactorFailures },
  { name: '0008_oidc', ...oidc },
  { name: '0009_oidc_keys_hashed', ...oidcKeysHashed },
  { name: '0010_event_token', ...eventToken },
  { name: '0011_groups', ...groups },
  { name: '0012_pending_actions', ...pendingActions },
  { name: '0013_oidc_client_apps', ...oidcClientApps },
  { name: '0014_oidc_introspect_device', ...oidcIntrospectDevice },
  { name: '0015_oidc_backchannel', ...oidcBackchannel },
  { name: '0016_oidc_id_token_algorithm', ...oidcIdTokenAlgorithm },
];

export const MIGRATION_SOURCE: Knex.MigrationSource<Migration> = {
  getMigrations: () => Promise.resolve([...MIGRATIONS]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve(migration),
};
