import type { Knex } from 'knex';

// Groups, usernames and one access policy for both doors. A username is unique (stored
// lowercased, so the unique key compares case-insensitively). Memberships go with their user or
// group (cascade); a group that a policy names cannot be deleted (restrict), whatever the code
// above the database does. The doors read at every request: a host's rules (unique host and
// prefix, so by the host's index) and a user's memberships (by the user_id index).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('username', 64).nullable().unique();
  });
  await knex.schema.createTable('groups', (table) => {
    table.string('id', 32).notNullable().primary();
    table.string('name', 64).notNullable().unique();
    table.string('description', 255).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('group_members', (table) => {
    table.string('group_id', 32).notNullable().references('id').inTable('groups').onDelete('CASCADE');
    table.string('user_id', 32).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['group_id', 'user_id']);
    table.index(['user_id', 'group_id'], 'group_members_user_id_index');
  });
  await knex.schema.createTable('forward_auth_rules', (table) => {
    table.string('id', 32).notNullable().primary();
    table.string('host', 255).notNullable();
    table.string('path_prefix', 255).notNullable();
    table.integer('require_mfa').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['host', 'path_prefix'], { indexName: 'forward_auth_rules_host_path_prefix_unique' });
  });
  await knex.schema.createTable('forward_auth_rule_groups', (table) => {
    table.string('rule_id', 32).notNullable().references('id').inTable('forward_auth_rules').onDelete('CASCADE');
    table.string('group_id', 32).notNullable().references('id').inTable('groups').onDelete('RESTRICT');
    table.primary(['rule_id', 'group_id']);
    table.index(['group_id'], 'forward_auth_rule_groups_group_id_index');
  });
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.integer('require_mfa').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('oidc_client_groups', (table) => {
    table.string('client_id', 64).notNullable().references('client_id').inTable('oidc_clients').onDelete('CASCADE');
    table.string('group_id', 32).notNullable().references('id').inTable('groups').onDelete('RESTRICT');
    table.primary(['client_id', 'group_id']);
    table.index(['group_id'], 'oidc_client_groups_group_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oidc_client_groups');
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.dropColumn('require_mfa');
  });
  await knex.schema.dropTable('forward_auth_rule_groups');
  await knex.schema.dropTable('forward_auth_rules');
  await knex.schema.dropTable('group_members');
  await knex.schema.dropTable('groups');
  await knex.schema.alterTable('users', (table) => {
    table.dropUnique(['username']);
    table.dropColumn('username');
  });
}
