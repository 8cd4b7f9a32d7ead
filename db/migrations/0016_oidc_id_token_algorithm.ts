import type { Knex } from 'knex';

// The algorithm a client's ID tokens are signed with (RS256 or ES256). Every client that
// exists keeps RS256, what it was signed with before, so no relying party sees another algorithm
// until an admin chooses one for it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.string('id_token_signed_response_alg', 16).notNullable().defaultTo('RS256');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.dropColumn('id_token_signed_response_alg');
  });
}
