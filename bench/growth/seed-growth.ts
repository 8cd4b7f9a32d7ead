import Database from 'better-sqlite3';
import pg from 'pg';
import { sha256Hex } from '../../src/adapters/crypto-secret-generator.js';
import { HOUR_MS, secret } from '../seed/seed.js';

/**
 * The rows that grow, added to a seeded database (users, the working set's sessions, API tokens,
 * the bench's OpenID client): filler sessions, filler OpenID payload rows and a year of security
 * events, each in the stored form the adapters write (ids as 32 hex, token and key columns as
 * SHA-256 hex, times as ISO text on SQLite and timestamptz on PostgreSQL). No load ever presents a
 * filler row; they are there to make the tables and their indexes big.
 */
export interface GrowthPlan {
  /** Rows of each of the three tables once seeded. */
  rows: number;
  /** Sessions already there (the working set's), counted in `rows`. */
  existingSessions: number;
  /** The client the filler payloads belong to (created by the CLI beforehand). */
  clientId: string;
}

const DAY_MS = 24 * HOUR_MS;
const YEAR_MS = 365 * DAY_MS;
/** Rows per transaction (SQLite) or per statement (PostgreSQL): big enough to be fast, small enough to show progress. */
const CHUNK = 100_000;
/** The models oidc-provider keeps most rows of, in turn. */
const FILLER_MODELS = ['AccessToken', 'RefreshToken', 'Grant', 'Session'] as const;
/** Every filler payload's grant id starts so: the purge phase expires half of these rows, and no other. */
export const FILLER_GRANT = 'filler-grant-';
const EVENT_TYPES = ['login_succeeded', 'oidc_signed_in', 'logout', 'login_failed', 'session_revoked', 'password_changed'] as const;

/** A UUIDv7 in the stored form (32 hex) whose time is `ms`: a trail is read newest first by id. */
const storedIdAt = (ms: number): string => {
  const hex = Buffer.from(secret(12), 'base64url').toString('hex');
  return `${ms.toString(16).padStart(12, '0')}7${hex.slice(0, 3)}${'89ab'[parseInt(hex[3]!, 16) % 4]}${hex.slice(4, 19)}`;
};
const canonical = (id: string): string => `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;

/** A payload as oidc-provider writes a token, its own key masked (\u0001) as the store keeps it. */
const fillerPayload = (model: string, accountId: string, clientId: string, grantId: string, iat: number): string =>
  JSON.stringify({ iat, exp: iat + 3600, accountId: canonical(accountId), clientId, grantId, kind: model, jti: '\u0001', scope: 'openid profile email offline_access', sessionUid: `s-${grantId}`, expiresWithSession: true, gty: 'authorization_code' });

type Progress = (message: string) => void;

/** SQLite: prepared inserts, one transaction per CHUNK rows, no journal while seeding. */
export function growSqlite(file: string, plan: GrowthPlan, progress: Progress): void {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  try {
    const userIds = db.prepare('select id from users order by id').pluck().all() as string[];
    const now = Date.now();
    const iso = (ms: number): string => new Date(ms).toISOString();
    const insertSession = db.prepare('insert into sessions (id, user_id, token_hash, created_at, expires_at, last_seen_at, user_agent, authenticated_at) values (?, ?, ?, ?, ?, ?, ?, ?)');
    const insertPayload = db.prepare('insert into oidc_payloads (model, id, payload, account_id, client_id, grant_id, uid, user_code, expires_at, consumed_at, created_at) values (?, ?, ?, ?, ?, ?, ?, null, ?, null, ?)');
    const insertEvent = db.prepare("insert into security_events (id, user_id, type, actor, actor_id, target_id, via_token_id, client_address, user_agent, created_at) values (?, ?, ?, 'self', null, null, null, '203.0.113.7', 'bench/1.0', ?)");
    const inChunks = (name: string, total: number, row: (i: number) => void): void => {
      for (let at = 0; at < total; at += CHUNK) {
        db.transaction(() => {
          for (let i = at; i < Math.min(total, at + CHUNK); i++) row(i);
        })();
        progress(`${name}: ${Math.min(total, at + CHUNK)} of ${total}`);
      }
    };
    inChunks('sessions', plan.rows - plan.existingSessions, (i) => {
      // Opened over the last week, each expiring 8 days after: none expired, none renewed during the run.
      const created = now - (i % 7) * DAY_MS - HOUR_MS;
      insertSession.run(storedIdAt(created), userIds[i % userIds.length], sha256Hex(secret(32)), iso(created), iso(created + 8 * DAY_MS), iso(created), 'bench/1.0', iso(created));
    });
    inChunks('OpenID payloads', plan.rows, (i) => {
      const model = FILLER_MODELS[i % FILLER_MODELS.length]!;
      const accountId = userIds[i % userIds.length]!;
      const grantId = `${FILLER_GRANT}${Math.floor(i / FILLER_MODELS.length)}`;
      const iat = Math.floor(now / 1000) - (i % 3600);
      const uid = model === 'Session' ? sha256Hex(secret(16)) : null;
      insertPayload.run(model, sha256Hex(secret(32)), fillerPayload(model, accountId, plan.clientId, grantId, iat), accountId, plan.clientId, grantId, uid, iso(now + 14 * DAY_MS), iso(iat * 1000));
    });
    inChunks('security events', plan.rows, (i) => {
      // A year of events, evenly spread, the newest a minute old.
      const created = now - 60_000 - Math.floor((i / plan.rows) * YEAR_MS);
      insertEvent.run(storedIdAt(created), userIds[i % userIds.length], EVENT_TYPES[i % EVENT_TYPES.length], iso(created));
    });
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}

// The UUIDv7 of a row made by the server: its time in the first 48 bits, as storedIdAt.
const uuid7 = (time: string): string =>
  `lpad(to_hex((extract(epoch from ${time}) * 1000)::bigint), 12, '0') || '7' || substr(md5(g::text || 'a'), 1, 3) || '8' || substr(md5(g::text || 'b'), 1, 15)`;
const sqlList = (values: readonly string[]): string => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/** PostgreSQL: every filler row made by the server itself (insert … select from generate_series), CHUNK rows a statement. */
export async function growPostgres(url: string, plan: GrowthPlan, progress: Progress): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Users numbered 0…n-1, so row g belongs to user g mod n, as on SQLite.
    await client.query('create temporary table bench_users as select id, (row_number() over (order by id) - 1)::int as n from users');
    await client.query('create index on bench_users (n)');
    const { rows } = await client.query<{ count: number }>('select count(*)::int as count from bench_users');
    const users = rows[0]!.count;
    /** `statement` takes $1 and $2, the first and last g of the chunk, and $3, the number of users. */
    const inChunks = async (name: string, total: number, statement: string): Promise<void> => {
      for (let at = 0; at < total; at += CHUNK) {
        await client.query(statement, [at, Math.min(total, at + CHUNK) - 1, users]);
        progress(`${name}: ${Math.min(total, at + CHUNK)} of ${total}`);
      }
    };
    await inChunks(
      'sessions',
      plan.rows - plan.existingSessions,
      `insert into sessions (id, user_id, token_hash, created_at, expires_at, last_seen_at, user_agent, authenticated_at)
       select ${uuid7('t.created')}, u.id, encode(sha256(convert_to('filler-session-' || g || '-' || random(), 'UTF8')), 'hex'),
              t.created, t.created + interval '8 days', t.created, 'bench/1.0', t.created
       from generate_series($1::int, $2::int) g
       cross join lateral (select now() - (g % 7) * interval '1 day' - interval '1 hour' as created) t
       join bench_users u on u.n = g % $3::int`,
    );
    const grant = `'${FILLER_GRANT}' || g / ${FILLER_MODELS.length}`;
    await inChunks(
      'OpenID payloads',
      plan.rows,
      `insert into oidc_payloads (model, id, payload, account_id, client_id, grant_id, uid, user_code, expires_at, consumed_at, created_at)
       select m.model, encode(sha256(convert_to('filler-payload-' || g || '-' || random(), 'UTF8')), 'hex'),
              json_build_object('iat', m.iat, 'exp', m.iat + 3600,
                'accountId', substr(u.id, 1, 8) || '-' || substr(u.id, 9, 4) || '-' || substr(u.id, 13, 4) || '-' || substr(u.id, 17, 4) || '-' || substr(u.id, 21),
                'clientId', $4::text, 'grantId', ${grant}, 'kind', m.model, 'jti', chr(1),
                'scope', 'openid profile email offline_access', 'sessionUid', 's-' || ${grant}, 'expiresWithSession', true, 'gty', 'authorization_code')::text,
              u.id, $4::text, ${grant},
              case when m.model = 'Session' then encode(sha256(convert_to('filler-uid-' || g || '-' || random(), 'UTF8')), 'hex') end,
              null, now() + interval '14 days', null, to_timestamp(m.iat)
       from generate_series($1::int, $2::int) g
       cross join lateral (select (${sqlList(FILLER_MODELS)})[g % ${FILLER_MODELS.length} + 1] as model, extract(epoch from now())::int - g % 3600 as iat) m
       join bench_users u on u.n = g % $3::int`.replaceAll('$4::text', `'${plan.clientId.replaceAll("'", "''")}'`),
    );
    await inChunks(
      'security events',
      plan.rows,
      `insert into security_events (id, user_id, type, actor, actor_id, target_id, via_token_id, client_address, user_agent, created_at)
       select ${uuid7('t.created')}, u.id, (${sqlList(EVENT_TYPES)})[g % ${EVENT_TYPES.length} + 1],
              'self', null, null, null, '203.0.113.7', 'bench/1.0', t.created
       from generate_series($1::int, $2::int) g
       cross join lateral (select now() - interval '1 minute' - (g::float8 / ${plan.rows}) * interval '365 days' as created) t
       join bench_users u on u.n = g % $3::int`,
    );
    progress('analyze');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
