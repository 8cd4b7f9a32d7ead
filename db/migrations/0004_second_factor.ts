import type { Knex } from 'knex';

// Frozen history, like 0001–0003. The second factor (CONTRACT §10): TOTP factors with their
// secret sealed by the service key, passkeys, hashed recovery codes, pending logins (the first
// half of a login with a second factor) and WebAuthn challenges. Every per-user table has
// user_id, cascading with its user; the passwordless challenges belong to nobody yet.
const id = (table: Knex.CreateTableBuilder, name = 'id') => table.string(name, 32);
const instant = (table: Knex.CreateTableBuilder, name: string) => table.timestamp(name, { useTz: true });
const owner = (table: Knex.CreateTableBuilder) => id(table, 'user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('totp_factors', (table) => {
    id(table).notNullable().primary();
    owner(table).unique(); // one per user: a new enrolment replaces an unconfirmed one
    table.text('sealed_secret').notNullable();
    instant(table, 'created_at').notNullable();
    instant(table, 'confirmed_at').nullable();
    table.integer('last_used_step').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('passkeys', (table) => {
    id(table).notNullable().primary();
    owner(table).index();
    table.string('name', 255).notNullable();
    table.string('credential_id', 1400).notNullable().unique();
    table.text('public_key').notNullable();
    table.bigInteger('counter').notNullable(); // WebAuthn's counter is unsigned 32-bit
    table.string('transports', 255).notNullable();
    instant(table, 'created_at').notNullable();
    instant(table, 'last_used_at').nullable();
  });
  await knex.schema.createTable('recovery_codes', (table) => {
    id(table).notNullable().primary();
    owner(table);
    table.string('code_hash', 64).notNullable();
    instant(table, 'created_at').notNullable();
    table.index(['user_id', 'code_hash']);
  });
  await knex.schema.createTable('pending_logins', (table) => {
    id(table).notNullable().primary();
    owner(table).index();
    table.string('secret_hash', 64).notNullable().unique();
    table.integer('attempts').notNullable();
    instant(table, 'created_at').notNullable();
    instant(table, 'expires_at').notNullable();
  });
  await knex.schema.createTable('webauthn_challenges', (table) => {
    id(table).notNullable().primary();
    owner(table);
    table.string('bound_to', 32).notNullable(); // a session's or a pending login's id
    table.string('purpose', 16).notNullable();
    table.string('challenge', 128).notNullable();
    instant(table, 'expires_at').notNullable();
    table.index(['user_id', 'bound_to']);
  });
  await knex.schema.createTable('passkey_login_challenges', (table) => {
    table.string('secret_hash', 64).notNullable().primary();
    table.string('challenge', 128).notNullable();
    instant(table, 'expires_at').notNullable();
    table.index(['expires_at']); // expired ones go by a range delete
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['passkey_login_challenges', 'webauthn_challenges', 'pending_logins', 'recovery_codes', 'passkeys', 'totp_factors']) {
    await knex.schema.dropTable(table);
  }
}
