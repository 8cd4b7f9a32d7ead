import type { Knex } from 'knex';

// Administration: a user can be disabled (refused at its next request in every process) and the
// admin list shows when it last logged in. The indexes serve the admin's cross-user reads: the
// enabled-admin count of the last-admin guard, the event list filtered by type (newest first by
// UUIDv7 id) and every admin's invites, newest first.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('disabled_at', { useTz: true }).nullable();
    table.timestamp('last_login_at', { useTz: true }).nullable();
    table.index(['role'], 'users_role_index');
  });
  await knex.schema.alterTable('security_events', (table) => {
    table.index(['type', 'id'], 'security_events_type_id_index');
  });
  await knex.schema.alterTable('invites', (table) => {
    table.index(['created_at', 'id'], 'invites_created_at_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invites', (table) => {
    table.dropIndex(['created_at', 'id'], 'invites_created_at_id_index');
  });
  await knex.schema.alterTable('security_events', (table) => {
    table.dropIndex(['type', 'id'], 'security_events_type_id_index');
  });
  await knex.schema.alterTable('users', (table) => {
    table.dropIndex(['role'], 'users_role_index');
    table.dropColumn('last_login_at');
    table.dropColumn('disabled_at');
  });
}
