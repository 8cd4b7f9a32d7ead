import { createHash } from 'node:crypto';
import express from 'express';
import pg from 'pg';
import { cookieOf } from './cookie-of.js';

/**
 * Reference (b-pg): reference (b) on PostgreSQL — read the cookie, SHA-256 it, the same two indexed
 * lookups as named prepared statements through a `pg` pool as large as Gatehouse's, answer JSON.
 */
const cookieName = process.env.BENCH_COOKIE_NAME ?? 'gh_session';
const pool = new pg.Pool({ connectionString: process.env.BENCH_DB, max: Number(process.env.BENCH_POOL_MAX ?? 10) });
const sessionByHash = (hash: string) => ({ name: 'session_by_hash', text: 'select user_id, expires_at from sessions where token_hash = $1', values: [hash] });
const userById = (id: string) => ({ name: 'user_by_id', text: 'select id, email, display_name, created_at from users where id = $1', values: [id] });

const app = express();
app.disable('x-powered-by');
app.get('/api/v1/users/me', async (req, res) => {
  const token = cookieOf(req.headers.cookie, cookieName);
  const session = token === null ? undefined : (await pool.query<{ user_id: string; expires_at: Date }>(sessionByHash(createHash('sha256').update(token).digest('hex')))).rows[0];
  const user = session && session.expires_at.getTime() > Date.now() ? (await pool.query<{ id: string; email: string; display_name: string; created_at: Date }>(userById(session.user_id))).rows[0] : undefined;
  if (!user) return void res.status(401).json({ code: 'not_authenticated' });
  res.json({ id: user.id, email: user.email, display_name: user.display_name, created_at: user.created_at.toISOString() });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => void pool.end().then(() => process.exit(0)));
