import type { Knex } from 'knex';

// The cap on refused second-factor proofs: one row per consecutive refusal, deleted by a success or
// an admin's MFA reset. At the cap (100 rows) the user's second step is locked. They go with their user.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('second_factor_failures', (table) => {
    table.string('id', 32).notNullable().primary();
    table.string('user_id', 32).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id']); // counted and cleared per user; the cascade
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('second_factor_failures');
}
