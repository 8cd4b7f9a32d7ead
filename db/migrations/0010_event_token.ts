import type { Knex } from 'knex';

// The API token a change was made with, on its security event (an admin's token issues invites):
// after a leak, the trail says what that token did. No foreign key: the row must keep naming the
// token after it is revoked and deleted.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('security_events', (table) => {
    table.string('via_token_id', 32).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('security_events', (table) => {
    table.dropColumn('via_token_id');
  });
}
