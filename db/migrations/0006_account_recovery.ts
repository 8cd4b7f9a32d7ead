import type { Knex } from 'knex';

// Account recovery without email: one-time codes an admin or the operator issues, stored as the
// SHA-256 of the code (never the code), with their expiry and the moment they were used. Not the
// MFA recovery codes of 0004 (`recovery_codes`), hence the name. They cascade with their user.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_recoveries', (table) => {
    table.string('id', 32).notNullable().primary();
    table.string('user_id', 32).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('code_hash', 64).notNullable().unique(); // the redemption looks the code up by it
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.index(['user_id']); // a new code voids the user's earlier ones; the cascade
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_recoveries');
}
