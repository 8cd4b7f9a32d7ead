import type { Knex } from 'knex';

// A form that recent authentication interrupted (CONTRACT §15 rule 9), kept for its session so
// confirming on any instance carries it out: one per session (the key), gone with the session.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pending_actions', (table) => {
    table.string('session_id', 32).notNullable().primary().references('id').inTable('sessions').onDelete('CASCADE');
    table.string('name', 32).notNullable();
    table.string('subject', 255).nullable();
    table.string('route', 255).notNullable();
    table.text('fields').notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pending_actions');
}
