import type { Knex } from 'knex';

// Two grants a client may be given by an admin: introspecting any token of the provider (a
// resource server, an API gateway) and the device authorization grant (a command-line tool, a TV).
// Both default to off, so the clients that exist keep exactly what they had.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.integer('introspect').notNullable().defaultTo(0);
    table.integer('device').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.dropColumn('device');
    table.dropColumn('introspect');
  });
}
