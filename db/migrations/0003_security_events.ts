import type { Knex } from 'knex';

// Frozen history, like 0001 and 0002. The security trail (one row per security-relevant change,
// written in that change's transaction) and each session's proof of identity for recent
// authentication. Sessions that predate this migration get the epoch as their proof: they must
// step up before a sensitive change, which errs on the safe side.
const EPOCH = '1970-01-01T00:00:00.000Z';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('security_events', (table) => {
    table.string('id', 32).notNullable().primary();
    table.string('user_id', 32).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('type', 40).notNullable();
    table.string('actor', 16).notNullable();
    table.string('actor_id', 32).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.string('target_id', 32).nullable();
    table.string('client_address', 64).nullable();
    table.text('user_agent').nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id', 'id']); // a user's trail, newest first by UUIDv7 id
    table.index(['created_at']); // the retention purge is a range delete
    table.index(['actor_id']); // SET NULL on an admin's deletion
  });
  await knex.schema.alterTable('sessions', (table) => {
    table.timestamp('authenticated_at', { useTz: true }).notNullable().defaultTo(EPOCH);
    table.timestamp('second_factor_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (table) => {
    table.dropColumn('second_factor_at');
    table.dropColumn('authenticated_at');
  });
  await knex.schema.dropTable('security_events');
}
