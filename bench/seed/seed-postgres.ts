import pg from 'pg';
import { Argon2PasswordHasher } from '../../src/adapters/argon2-password-hasher.js';
import { sha256Hex } from '../../src/adapters/crypto-secret-generator.js';
import { openDatabase } from '../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { API_TOKEN_PREFIX } from '../../src/core/domain/api-token.js';
import { BENCH_PASSWORD, HOUR_MS, picks, secret, storedId, type SeedPlan, type Seeded } from './seed.js';

/** `postgres://…/postgres` → the same server and user, another database. */
export const databaseOn = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs statements on a short-lived maintenance connection (CREATE / DROP DATABASE). */
export const onServer = async (serverUrl: string, ...statements: string[]): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
};

const insertAll = async (client: pg.Client, table: string, columns: string[], rows: unknown[][]): Promise<void> => {
  // 1 000 rows a statement: well under PostgreSQL's 65 535 bound parameters.
  for (let at = 0; at < rows.length; at += 1_000) {
    const chunk = rows.slice(at, at + 1_000);
    const values = chunk.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, chunk.flat());
  }
};

/** The SQLite seed's rows (same stored forms, same working sets) in a fresh, migrated PostgreSQL database. */
export async function seedPostgres(url: string, plan: Omit<SeedPlan, 'file'>): Promise<Seeded> {
  const knex = openDatabase(url);
  await migrateLatest(knex);
  await knex.destroy();
  const passwordHash = await new Argon2PasswordHasher().hash(BENCH_PASSWORD);
  const now = Date.now();
  const created = new Date(now - HOUR_MS);
  const expires = new Date(now - HOUR_MS + 7 * 24 * HOUR_MS);
  const out: Seeded = { url, cookies: [], bearers: [], emails: [], inviteCode: secret(16) };
  const userIds = Array.from({ length: plan.users }, storedId);
  const chosenUsers = picks(plan.users, plan.workingSet);
  const users = userIds.map((id, i) => {
    if (chosenUsers.has(i)) out.emails.push(`user${i}@bench.example`);
    return [id, `user${i}@bench.example`, `Bench user ${i}`, passwordHash, i === 0 ? 'admin' : 'member', created, created];
  });
  const chosenSessions = picks(plan.sessions, plan.workingSet);
  const sessions = Array.from({ length: plan.sessions }, (_, i) => {
    const token = secret(32);
    if (chosenSessions.has(i)) out.cookies.push(token);
    return [storedId(), userIds[i % plan.users], sha256Hex(token), created, expires, created, 'bench/1.0'];
  });
  const tokens = Array.from({ length: plan.apiTokens }, (_, i) => {
    const token = API_TOKEN_PREFIX + secret(32);
    out.bearers.push(token);
    return [storedId(), userIds[i % plan.users], `bench ${i}`, sha256Hex(token), created];
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await insertAll(client, 'users', ['id', 'email', 'display_name', 'password_hash', 'role', 'created_at', 'updated_at'], users);
    await insertAll(client, 'sessions', ['id', 'user_id', 'token_hash', 'created_at', 'expires_at', 'last_seen_at', 'user_agent'], sessions);
    await insertAll(client, 'api_tokens', ['id', 'user_id', 'name', 'token_hash', 'created_at'], tokens);
    const inviteExpires = new Date(now + 30 * 24 * HOUR_MS);
    await insertAll(client, 'invites', ['id', 'code_hash', 'created_by', 'max_uses', 'used_count', 'created_at', 'expires_at'], [
      [storedId(), sha256Hex(out.inviteCode), userIds[0], 1_000_000_000, 0, created, inviteExpires],
    ]);
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return out;
}
