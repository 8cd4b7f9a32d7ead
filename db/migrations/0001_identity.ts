import type { Knex } from 'knex';

// Frozen history: this file never imports the models, which describe the latest schema instead.
// Ids are 32 lowercase hex characters; instants are timestamptz on PostgreSQL, ISO-8601 text on SQLite.
const id = (table: Knex.CreateTableBuilder, name: string) => table.string(name, 32);
const instant = (table: Knex.CreateTableBuilder, name: string) => table.timestamp(name, { useTz: true });
const owner = (table: Knex.CreateTableBuilder, name: string) => {
  id(table, name).notNullable().references('id').inTable('users').onDelete('CASCADE');
  table.index([name]);
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    id(table, 'id').notNullable().primary();
    table.string('email', 254).notNullable().unique();
    table.string('display_name', 255).notNullable();
    table.text('password_hash').notNullable();
    table.string('role', 16).notNullable();
    instant(table, 'created_at').notNullable();
    instant(table, 'updated_at').notNullable();
    table.check("?? in ('admin', 'member')", ['role'], 'users_role_check');
  });
  await knex.schema.createTable('sessions', (table) => {
    id(table, 'id').notNullable().primary();
    owner(table, 'user_id');
    table.string('token_hash', 64).notNullable().unique();
    instant(table, 'created_at').notNullable();
    instant(table, 'expires_at').notNullable();
    instant(table, 'last_seen_at').notNullable();
    table.text('user_agent').nullable();
  });
  await knex.schema.createTable('invites', (table) => {
    id(table, 'id').notNullable().primary();
    table.string('code_hash', 64).notNullable().unique();
    owner(table, 'created_by');
    table.integer('max_uses').notNullable();
    table.integer('used_count').notNullable().defaultTo(0);
    instant(table, 'created_at').notNullable();
    instant(table, 'expires_at').notNullable();
  });
  await knex.schema.createTable('api_tokens', (table) => {
    id(table, 'id').notNullable().primary();
    owner(table, 'user_id');
    table.string('name', 255).notNullable();
    table.string('token_hash', 64).notNullable().unique();
    instant(table, 'created_at').notNullable();
    instant(table, 'expires_at').nullable();
    instant(table, 'last_used_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['api_tokens', 'invites', 'sessions', 'users']) await knex.schema.dropTable(table);
}
