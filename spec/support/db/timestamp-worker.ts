import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import type { UserId } from '../../../src/core/domain/user-id.js';

// Usage: timestamp-worker.ts write <url> <user json> | read <url> <user id>
// Prints `ready`, then JSON: the instant read back (epoch ms) and this process's UTC offset at it.
const [mode, url, payload] = process.argv.slice(2) as [string, string, string];
const db = openDatabase(url);
const store = createKnexStore(db);
console.log('ready');
let userId = payload;
if (mode === 'write') {
  const user = JSON.parse(payload) as { id: string; email: string; at: number };
  const at = new Date(user.at);
  const inserted = await store.auth.insertUser({
    id: user.id, email: user.email, displayName: 'Zone', username: null, passwordHash: 'x', role: 'member', createdAt: at, updatedAt: at, disabledAt: null, lastLoginAt: null,
  });
  if (inserted.outcome !== 'inserted') throw new Error(inserted.outcome);
  userId = user.id;
}
const found = await store.scopes.open(userId as UserId).findUser();
console.log(JSON.stringify({ readBack: found?.createdAt.getTime() ?? null, offsetMinutes: found?.createdAt.getTimezoneOffset() ?? null }));
await db.destroy();
