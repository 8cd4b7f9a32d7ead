import type { Knex } from 'knex';

// Where a client hears that a user's session ended (Back-Channel Logout 1.0). Null for every
// client that exists, so none of them is sent anything it did not ask for.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.string('backchannel_logout_uri', 2000).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.dropColumn('backchannel_logout_uri');
  });
}
