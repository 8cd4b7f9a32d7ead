import type { Knex } from 'knex';

// Frozen history, like 0001. The limiter counters of CONTRACT §9, shared by every process.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('throttle_counters', (table) => {
    table.string('key_hash', 64).notNullable().primary();
    table.integer('attempts').notNullable();
    table.timestamp('resets_at', { useTz: true }).notNullable();
    table.index(['resets_at']); // the purge of expired windows is a range delete
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('throttle_counters');
}
