import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import express from 'express';
import { cookieOf } from './cookie-of.js';

/**
 * Reference (b): the irreducible shape of a session check — read the cookie, SHA-256 it, two
 * indexed lookups on statements prepared once, answer JSON. No logging, no headers, no checks.
 */
const cookieName = process.env.BENCH_COOKIE_NAME ?? 'gh_session';
const db = new Database(process.env.BENCH_DB ?? '', { fileMustExist: true });
db.pragma('journal_mode = WAL');
const sessionByHash = db.prepare<[string], { user_id: string; expires_at: string }>('select user_id, expires_at from sessions where token_hash = ?');
const userById = db.prepare<[string], { id: string; email: string; display_name: string; created_at: string }>(
  'select id, email, display_name, created_at from users where id = ?',
);

const app = express();
app.disable('x-powered-by');
app.get('/api/v1/users/me', (req, res) => {
  const token = cookieOf(req.headers.cookie, cookieName);
  const session = token === null ? undefined : sessionByHash.get(createHash('sha256').update(token).digest('hex'));
  const user = session && session.expires_at > new Date().toISOString() ? userById.get(session.user_id) : undefined;
  if (!user) return void res.status(401).json({ code: 'not_authenticated' });
  res.json({ id: user.id, email: user.email, display_name: user.display_name, created_at: user.created_at });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0)); // an orderly exit, so `node --cpu-prof` writes its profile
