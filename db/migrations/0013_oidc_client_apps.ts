import type { Knex } from 'knex';

// A client says what kind of application it is (OpenID Connect's application_type: a native app's
// loopback redirects match on any port) and, for a single-page application, the browser origins
// that get CORS answers (a JSON list, as the URI lists are). Existing clients are web applications
// with no such origin: what they were before.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.string('application_type', 16).notNullable().defaultTo('web');
    table.text('allowed_origins').notNullable().defaultTo('[]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_clients', (table) => {
    table.dropColumn('allowed_origins');
    table.dropColumn('application_type');
  });
}
