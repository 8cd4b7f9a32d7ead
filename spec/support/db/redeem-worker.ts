import { uuidv7 } from 'uuidv7';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';

// Usage: redeem-worker.ts <url> <invite id> <email>... — prints `ready`, waits for a line on
// standard input (so every process starts at once), then prints one outcome or error per email.
const [url, inviteId, ...emails] = process.argv.slice(2) as [string, string, ...string[]];
const db = openDatabase(url);
const store = createKnexStore(db);
await db.raw('select 1'); // open the connection (and its pragmas) before the race starts
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
for (const email of emails) {
  const now = new Date();
  const user = { id: uuidv7(), email, displayName: 'Racer', username: null, passwordHash: 'x', role: 'member' as const, createdAt: now, updatedAt: now, disabledAt: null, lastLoginAt: null };
  try {
    console.log((await store.auth.redeemInvite(inviteId, user)).outcome);
  } catch (error) {
    console.log(`error ${(error as { code?: string }).code ?? ''} ${(error as Error).message}`);
  }
}
process.stdin.destroy();
await db.destroy();
