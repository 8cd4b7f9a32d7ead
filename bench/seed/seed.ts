import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Argon2PasswordHasher } from '../../src/adapters/argon2-password-hasher.js';
import { sha256Hex } from '../../src/adapters/crypto-secret-generator.js';
import { openDatabase } from '../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { UuidV7IdGenerator } from '../../src/adapters/uuidv7-id-generator.js';
import { API_TOKEN_PREFIX } from '../../src/core/domain/api-token.js';

export const BENCH_PASSWORD = 'lantern-orchard-quietly-9417';

export interface SeedPlan {
  file: string;
  users: number;
  sessions: number;
  apiTokens: number;
  /** How many credentials the load cycles through, spread evenly over the table. */
  workingSet: number;
}

export interface Seeded {
  url: string;
  cookies: string[];
  bearers: string[];
  emails: string[];
  inviteCode: string;
}

export const HOUR_MS = 3_600_000;
const ids = new UuidV7IdGenerator();
// The service's own conversions, so every row has exactly the stored form the service writes.
export const storedId = (): string => toStoredId(ids.next());
// One CSPRNG call per 64 KiB instead of per secret: a million randomBytes(32) calls take seconds.
let pool = Buffer.alloc(0);
export const secret = (bytes: number): string => {
  if (pool.length < bytes) pool = randomBytes(65_536);
  const taken = pool.subarray(0, bytes);
  pool = pool.subarray(bytes);
  return taken.toString('base64url');
};
export const picks = (total: number, wanted: number): Set<number> => {
  const step = Math.max(1, Math.floor(total / wanted));
  return new Set(Array.from({ length: Math.min(total, wanted) }, (_, i) => i * step));
};

/** Migrates a fresh file with the real migrations, then writes every row in one transaction. */
export async function seed(plan: SeedPlan): Promise<Seeded> {
  const url = `sqlite://${plan.file}`;
  const knex = openDatabase(url);
  await migrateLatest(knex);
  await knex.destroy();
  const passwordHash = await new Argon2PasswordHasher().hash(BENCH_PASSWORD);
  const now = Date.now();
  const created = new Date(now - HOUR_MS).toISOString();
  // Idle expiry a full 7 days after creation: no renewal during the run, one coalesced touch per session.
  const expires = new Date(now - HOUR_MS + 7 * 24 * HOUR_MS).toISOString();
  const db = new Database(plan.file);
  // Seeding only: no journal, no fsync, and a cache big enough for random-order index inserts.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  const insertUser = db.prepare('insert into users (id, email, display_name, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)');
  const insertSession = db.prepare('insert into sessions (id, user_id, token_hash, created_at, expires_at, last_seen_at, user_agent) values (?, ?, ?, ?, ?, ?, ?)');
  const insertToken = db.prepare('insert into api_tokens (id, user_id, name, token_hash, created_at, expires_at, last_used_at) values (?, ?, ?, ?, ?, null, null)');
  const insertInvite = db.prepare('insert into invites (id, code_hash, created_by, max_uses, used_count, created_at, expires_at) values (?, ?, ?, ?, 0, ?, ?)');
  // One group whose members are the owners of the working set's sessions, and the forward-auth rule
  // of BENCH_RULE_HOST naming it: /auth/verify under a matching rule that admits them.
  const insertGroup = db.prepare('insert into groups (id, name, description, created_at) values (?, ?, null, ?)');
  const insertMember = db.prepare('insert or ignore into group_members (group_id, user_id, created_at) values (?, ?, ?)');
  const insertRule = db.prepare("insert into forward_auth_rules (id, host, path_prefix, require_mfa, created_at) values (?, ?, '/', 0, ?)");
  const insertRuleGroup = db.prepare('insert into forward_auth_rule_groups (rule_id, group_id) values (?, ?)');
  const out: Seeded = { url, cookies: [], bearers: [], emails: [], inviteCode: secret(16) };
  db.transaction(() => {
    const groupId = storedId();
    const ruleId = storedId();
    insertGroup.run(groupId, 'bench-staff', created);
    insertRule.run(ruleId, BENCH_RULE_HOST, created);
    insertRuleGroup.run(ruleId, groupId);
    const userIds = Array.from({ length: plan.users }, storedId);
    const chosenUsers = picks(plan.users, plan.workingSet);
    userIds.forEach((id, i) => {
      const email = `user${i}@bench.example`;
      insertUser.run(id, email, `Bench user ${i}`, passwordHash, i === 0 ? 'admin' : 'member', created, created);
      if (chosenUsers.has(i)) out.emails.push(email);
    });
    const chosenSessions = picks(plan.sessions, plan.workingSet);
    for (let i = 0; i < plan.sessions; i++) {
      const token = secret(32);
      insertSession.run(storedId(), userIds[i % plan.users], sha256Hex(token), created, expires, created, 'bench/1.0');
      if (chosenSessions.has(i)) {
        out.cookies.push(token);
        insertMember.run(groupId, userIds[i % plan.users], created);
      }
    }
    for (let i = 0; i < plan.apiTokens; i++) {
      const token = API_TOKEN_PREFIX + secret(32);
      insertToken.run(storedId(), userIds[i % plan.users], `bench ${i}`, sha256Hex(token), created);
      out.bearers.push(token);
    }
    const inviteExpires = new Date(now + 30 * 24 * HOUR_MS).toISOString();
    insertInvite.run(storedId(), sha256Hex(out.inviteCode), userIds[0], 1_000_000_000, created, inviteExpires);
  })();
  db.pragma('journal_mode = WAL'); // what the service's connections set anyway
  db.close();
  return out;
}

/** The host of the seeded forward-auth rule, as the bench's verify-under-a-rule load forwards it. */
export const BENCH_RULE_HOST = 'app.bench.example';

/** The credential lists a wrk script reads, one per line. */
export const writeLines = (file: string, lines: string[]): string => (writeFileSync(file, lines.join('\n') + '\n'), file);
