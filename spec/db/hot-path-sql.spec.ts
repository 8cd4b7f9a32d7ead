import { expect } from 'chai';
import { PreparedAccessQueries } from '../../src/adapters/knex/hot-path/prepared-access-queries.js';
import { PreparedAuthQueries } from '../../src/adapters/knex/hot-path/prepared-auth-queries.js';
import { PreparedRegistration } from '../../src/adapters/knex/hot-path/prepared-registration.js';
import { PreparedScopeQueries } from '../../src/adapters/knex/hot-path/prepared-scope-queries.js';
import { KnexOidcClientLookup } from '../../src/adapters/knex/oidc/knex-oidc-client-lookup.js';
import { KnexOidcPayloadStore } from '../../src/adapters/knex/oidc/knex-oidc-payload-store.js';
import { KnexOidcUserinfoLookup } from '../../src/adapters/knex/oidc/knex-oidc-userinfo-lookup.js';
import { SystemClock } from '../../src/adapters/system-clock.js';
import { PreparedAccountReads } from '../../src/adapters/knex/hot-path/prepared-account-reads.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL, TEST_ENGINE } from '../support/db/test-engine.js';

const SESSION = ['id', 'user_id', 'token_hash', 'created_at', 'expires_at', 'last_seen_at', 'user_agent', 'authenticated_at', 'second_factor_at'];
const TOKEN = ['id', 'user_id', 'name', 'token_hash', 'created_at', 'expires_at', 'last_used_at'];
// The owner's columns a principal is built from: password_hash stays off the per-request path.
const OWNER = ['id', 'email', 'display_name', 'role', 'created_at', 'disabled_at', 'username'];
const columns = (table: string, alias: string, names: string[]) => names.map((name) => `\`${table}\`.\`${name}\` as \`${alias}__${name}\``).join(', ');
const withOwner = (table: string, names: string[]) =>
  `select ${columns(table, 'r', names)}, ${columns('users', 'u', OWNER)} from \`${table}\` inner join \`users\` on \`users\`.\`id\` = \`${table}\`.\`user_id\` where \`${table}\`.\`token_hash\` = ?`;

/**
 * The SQL of every request's lookups and writes, in one place to read (as written for SQLite;
 * PostgreSQL quotes with " and numbers its parameters). Compiled once from the same builders that
 * every other query uses, so the user filter in the touches is the scope's own.
 */
const AUTH_LOOKUPS = {
  sessionByTokenHash: withOwner('sessions', SESSION),
  apiTokenByTokenHash: withOwner('api_tokens', TOKEN),
  userByEmail: 'select * from `users` where `users`.`email` = ?',
  inviteByCodeHash: 'select * from `invites` where `invites`.`code_hash` = ?',
};
// The doors' reads: verify's host rules with the user's username and groups in one statement; the provider's access check, the profile alone.
const ACCESS_READS = {
  forwardAuthFacts:
    'select `forward_auth_rules`.`id` as `rule_id`, `forward_auth_rules`.`path_prefix`, `forward_auth_rules`.`require_mfa`, `forward_auth_rule_groups`.`group_id`, null as group_name, null as username from `forward_auth_rules` left join `forward_auth_rule_groups` on `forward_auth_rule_groups`.`rule_id` = `forward_auth_rules`.`id` where `forward_auth_rules`.`host` = ? union all select null as rule_id, null as path_prefix, null as require_mfa, `groups`.`id` as `group_id`, `groups`.`name` as `group_name`, `users`.`username` from `users` left join `group_members` on `group_members`.`user_id` = `users`.`id` left join `groups` on `groups`.`id` = `group_members`.`group_id` where `users`.`id` = ? order by `group_name` asc',
  memberProfile:
    'select `users`.`username`, `groups`.`id` as `group_id`, `groups`.`name` as `group_name` from `users` left join `group_members` on `group_members`.`user_id` = `users`.`id` left join `groups` on `groups`.`id` = `group_members`.`group_id` where `users`.`id` = ? order by `groups`.`name` asc',
};
const SCOPE_STATEMENTS = {
  touchSession: 'update `sessions` set `expires_at` = ?, `last_seen_at` = ? where `sessions`.`user_id` = ? and `sessions`.`id` = ?',
  touchApiToken: 'update `api_tokens` set `last_used_at` = ? where `api_tokens`.`user_id` = ? and `api_tokens`.`id` = ?',
  // A sign-in's fixed statements; its user update and inserts are compiled per column list.
  sessionAuthMethods: 'update `sessions` set `auth_methods` = ? where `sessions`.`user_id` = ? and `sessions`.`id` = ?',
  surplusSessions: `select ${SESSION.map((name) => `\`sessions\`.\`${name}\``).join(', ')} from \`sessions\` where \`sessions\`.\`user_id\` = ? order by \`sessions\`.\`last_seen_at\` desc, \`sessions\`.\`id\` desc limit ? offset ?`,
  deleteSession: 'delete from `sessions` where `sessions`.`user_id` = ? and `sessions`.`id` = ?',
  // The factor summary a sign-in reads (on the read connection).
  totpCount: 'select count(*) as `n` from `totp_factors` where `totp_factors`.`user_id` = ? and `totp_factors`.`confirmed_at` > ?',
  passkeyCount: 'select count(*) as `n` from `passkeys` where `passkeys`.`user_id` = ?',
  recoveryCodeCount: 'select count(*) as `n` from `recovery_codes` where `recovery_codes`.`user_id` = ?',
};

const CLIENT = ['client_id', 'name', 'type', 'redirect_uris', 'post_logout_redirect_uris', 'skip_consent', 'require_pkce', 'secret_hash', 'created_at', 'require_mfa', 'introspect', 'device', 'application_type', 'allowed_origins', 'backchannel_logout_uri', 'id_token_signed_response_alg'];
const livePayload = (key: string) => `select \`payload\`, \`consumed_at\` from \`oidc_payloads\` where (\`expires_at\` is null or \`expires_at\` > ?) and \`model\` = ? and \`${key}\` = ?`;
const USER_COLUMNS = ['id', 'email', 'display_name', 'password_hash', 'role', 'created_at', 'updated_at', 'disabled_at', 'last_login_at', 'username'].map((name) => `\`users\`.\`${name}\``).join(', ');
/** What every token request and userinfo call reads: the provider's payloads, the client and its groups, the account and its groups, the member's profile. */
const OIDC_READS = {
  payloadById: livePayload('id'),
  payloadByUid: livePayload('uid'),
  clientById: `select ${CLIENT.map((name) => `\`${name}\``).join(', ')} from \`oidc_clients\` where \`client_id\` = ?`,
  groupsOfClient: 'select `groups`.`id` as `group_id` from `oidc_client_groups` inner join `groups` on `groups`.`id` = `oidc_client_groups`.`group_id` where `oidc_client_groups`.`client_id` = ? order by `groups`.`name` asc',
  user: `select ${USER_COLUMNS} from \`users\` where \`users\`.\`id\` = ?`,
  memberGroups: 'select `groups`.`id`, `groups`.`name` from `group_members` inner join `groups` on `groups`.`id` = `group_members`.`group_id` where `group_members`.`user_id` = ? order by `groups`.`name` asc',
};

// What SQLite lacks is spelled per engine: a SHA-256 (SQLite's is the service's own sha256_hex), a JSON field, a JSON list.
const SPELLED = {
  sqlite: {
    sessionUidHash: "sha256_hex(json_extract(`token`.`payload`, '$.sessionUid'))",
    grantIdHash: 'sha256_hex(`token`.`grant_id`)',
    groupIds: 'json_group_array(`groups`.`id` order by `groups`.`name`)',
    groupPairs: 'json_group_array(json_array(`groups`.`id`, `groups`.`name`) order by `groups`.`name`)',
  },
  postgres: {
    sessionUidHash: "encode(sha256(convert_to((`token`.`payload`::json ->> 'sessionUid'), 'UTF8')), 'hex')",
    grantIdHash: "encode(sha256(convert_to(`token`.`grant_id`, 'UTF8')), 'hex')",
    groupIds: 'json_agg(`groups`.`id` order by `groups`.`name`)',
    groupPairs: 'json_agg(json_build_array(`groups`.`id`, `groups`.`name`) order by `groups`.`name`)',
  },
}[TEST_ENGINE];
const aliased = (table: string, prefix: string, names: string[]) => names.map((name) => `\`${table}\`.\`${name}\` as \`${prefix}${name}\``).join(', ');
const payloadColumns = (alias: string) => `\`${alias}\`.\`payload\` as \`${alias}_payload\`, \`${alias}\`.\`consumed_at\` as \`${alias}_consumed_at\``;
const livePart = (alias: string, column: string, key: string) =>
  `\`${alias}\`.\`model\` = ? and \`${alias}\`.\`${column}\` = ${key} and (\`${alias}\`.\`expires_at\` is null or \`${alias}\`.\`expires_at\` > ?)`;
/**
 * Userinfo's one read: the access token by its key's SHA-256; its provider session and its grant by
 * the SHA-256 of what the token names; its client and the client's groups; its account (never
 * password_hash) and the member's groups.
 */
const USERINFO_READ = {
  userinfoByAccessToken:
    `select ${payloadColumns('token')}, ${payloadColumns('session')}, ${payloadColumns('grant')}, ${aliased('oidc_clients', 'c__', CLIENT)}, ` +
    `(select ${SPELLED.groupIds} from \`oidc_client_groups\` inner join \`groups\` on \`groups\`.\`id\` = \`oidc_client_groups\`.\`group_id\` where \`oidc_client_groups\`.\`client_id\` = \`oidc_clients\`.\`client_id\`) as \`client_groups\`, ` +
    `${aliased('users', 'u__', OWNER)}, ` +
    `(select ${SPELLED.groupPairs} from \`group_members\` inner join \`groups\` on \`groups\`.\`id\` = \`group_members\`.\`group_id\` where \`group_members\`.\`user_id\` = \`users\`.\`id\`) as \`user_groups\` ` +
    `from \`oidc_payloads\` as \`token\` ` +
    `left join \`oidc_payloads\` as \`session\` on ${livePart('session', 'uid', SPELLED.sessionUidHash)} ` +
    `left join \`oidc_payloads\` as \`grant\` on ${livePart('grant', 'id', SPELLED.grantIdHash)} ` +
    'left join `oidc_clients` on `oidc_clients`.`client_id` = `token`.`client_id` left join `users` on `users`.`id` = `token`.`account_id` ' +
    'where `token`.`model` = ? and `token`.`id` = ? and (`token`.`expires_at` is null or `token`.`expires_at` > ?)',
};

/** The same text in the engine's dialect. */
const onEngine = (sql: Record<string, string>): Record<string, string> => {
  if (TEST_ENGINE === 'sqlite') return sql;
  const numbered = (text: string) => {
    let n = 0;
    return text.replaceAll('`', '"').replace(/\?/g, () => `$${++n}`);
  };
  return Object.fromEntries(Object.entries(sql).map(([name, text]) => [name, numbered(text)]));
};

describe(`the hot path's SQL, pinned (${ENGINE_LABEL})`, () => {
  let database: TempDatabase;
  before(async () => (database = await createTempDatabase()));
  after(() => database.cleanup());

  it('the session, token, user and invite lookups are one indexed statement each, by an exact key', () => {
    expect(new PreparedAuthQueries(database.db).sql).to.deep.equal(onEngine(AUTH_LOOKUPS));
  });

  it("the doors' rule and group reads are one indexed statement each, prepared once", () => {
    expect(new PreparedAccessQueries(database.db).sql).to.deep.equal(onEngine(ACCESS_READS));
  });

  it("the OpenID provider's reads (payload, client and its groups, the account and its groups) are one statement each, by an exact key", () => {
    const sql = { ...new KnexOidcPayloadStore(database.db, new SystemClock()).sql, ...new KnexOidcClientLookup(database.db).sql, ...new PreparedAccountReads(database.db).sql };
    expect(sql).to.deep.equal(onEngine(OIDC_READS));
  });

  it("userinfo's reads are one statement on primary keys and indexes, prepared once", () => {
    expect(new KnexOidcUserinfoLookup(database.db, new SystemClock()).sql).to.deep.equal(onEngine(USERINFO_READ));
  });

  it("a token's consume is one guarded UPDATE by its exact key; a new token's upsert replaces all but created_at, consumed_at and user_code; on PostgreSQL a rotation is one statement", () => {
    const columns = ['account_id', 'client_id', 'consumed_at', 'created_at', 'expires_at', 'grant_id', 'id', 'model', 'payload', 'uid', 'user_code'];
    const replaced = ['model', 'id', 'payload', 'account_id', 'client_id', 'grant_id', 'uid', 'expires_at'];
    const consume = 'update `oidc_payloads` set `consumed_at` = ? where `model` = ? and `id` = ? and `consumed_at` is null and (`expires_at` is null or `expires_at` > ?)';
    const conflict = `on conflict (\`model\`, \`id\`) do update set ${replaced.map((name) => `\`${name}\` = excluded.\`${name}\``).join(', ')}`;
    const insert = (rows: string) => `insert into \`oidc_payloads\` (${columns.map((name) => `\`${name}\``).join(', ')}) ${rows} ${conflict}`;
    const params = columns.map(() => '?').join(', ');
    // PostgreSQL: a rotation is one statement; the insert happens only when the UPDATE changed the row.
    const rotation = `with consumed as (${consume} returning \`id\`), written_0 as (${insert(`select ${params} where exists (select 1 from consumed)`)}) select count(*)::int as won from consumed`;
    expect(new KnexOidcPayloadStore(database.db, new SystemClock()).writeSql).to.deep.equal(
      onEngine({ consume, upsertToken: insert(`values (${params})`), ...(TEST_ENGINE === 'postgres' && { rotationOfOne: rotation }) }),
    );
  });

  // PostgreSQL runs the touches and the sign-in's writes through knex's builders (its commit is durable either way): SQLite only.
  if (TEST_ENGINE === 'sqlite') {
    it("the coalesced touches and a sign-in's factor summary and writes carry the user filter first", () => {
      expect(new PreparedScopeQueries(database.db).sql).to.deep.equal(SCOPE_STATEMENTS);
    });

    it("a registration's use of its invite is one guarded UPDATE by the invite's id", () => {
      expect(new PreparedRegistration(database.db, new PreparedScopeQueries(database.db)).sql).to.deep.equal({
        countInviteUse: 'update `invites` set `used_count` = `used_count` + 1 where `invites`.`id` = ? and `used_count` < `max_uses`',
      });
    });
  }
});
