import type { Knex } from 'knex';

// The OpenID provider. Clients exist by an admin's hand; a confidential client's
// secret is kept as its SHA-256 only. oidc-provider's codes, tokens, grants and sessions are opaque
// JSON per (model, id), with the fields it looks rows up by copied into columns; rows of a user or a
// client go with it (cascade), so a deleted account or client leaves no token that still works.
// Signing keys are sealed with the service key. `sessions.auth_methods` records how a session was
// opened (RFC 8176 values, space-separated) for the ID token's `amr`.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oidc_clients', (table) => {
    table.string('client_id', 64).notNullable().primary();
    table.string('name', 100).notNullable();
    table.string('type', 16).notNullable();
    table.text('redirect_uris').notNullable();
    table.text('post_logout_redirect_uris').notNullable();
    table.integer('skip_consent').notNullable();
    table.integer('require_pkce').notNullable();
    table.string('secret_hash', 64).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['created_at'], 'oidc_clients_created_at_index'); // the admin list, newest first
  });
  await knex.schema.createTable('oidc_payloads', (table) => {
    table.string('model', 64).notNullable();
    table.string('id', 255).notNullable();
    table.text('payload').notNullable();
    table.string('account_id', 32).nullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('client_id', 64).nullable().references('client_id').inTable('oidc_clients').onDelete('CASCADE');
    table.string('grant_id', 255).nullable();
    table.string('uid', 255).nullable();
    table.string('user_code', 255).nullable();
    table.timestamp('expires_at', { useTz: true }).nullable();
    table.timestamp('consumed_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['model', 'id']);
    table.index(['grant_id'], 'oidc_payloads_grant_id_index'); // revokeByGrantId
    table.index(['model', 'uid'], 'oidc_payloads_model_uid_index'); // findByUid (sessions, interactions)
    table.index(['model', 'user_code'], 'oidc_payloads_model_user_code_index');
    table.index(['account_id', 'model'], 'oidc_payloads_account_id_model_index'); // a user's grants; the cascade
    table.index(['client_id'], 'oidc_payloads_client_id_index'); // the cascade of a deleted client
    table.index(['expires_at'], 'oidc_payloads_expires_at_index'); // purgeExpired
  });
  await knex.schema.createTable('oidc_signing_keys', (table) => {
    table.string('kid', 64).notNullable().primary();
    table.string('alg', 16).notNullable();
    table.text('sealed_jwk').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('retired_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('sessions', (table) => {
    table.text('auth_methods').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (table) => {
    table.dropColumn('auth_methods');
  });
  await knex.schema.dropTable('oidc_signing_keys');
  await knex.schema.dropTable('oidc_payloads');
  await knex.schema.dropTable('oidc_clients');
}
