import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import type { UserId } from '../../../src/core/domain/user-id.js';
import { aSession } from '../../contract/fixtures.js';

// Usage: recovery-code-worker.ts <url> <user id> <code hash>... — prints `ready`, waits for a line on
// standard input (so every process starts at once), then `won` or `lost` per hash, in order. Each
// redemption opens a session in the same transaction, as the second login step does.
const [url, userId, ...hashes] = process.argv.slice(2) as [string, string, ...string[]];
const db = openDatabase(url);
const scope = createKnexStore(db).scopes.open(userId as UserId);
await db.raw('select 1'); // open the connection (and its pragmas) before the race starts
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
for (const hash of hashes) {
  const won = await scope.transaction(async (tx) => {
    if (!(await tx.factors.useRecoveryCode(hash))) return false;
    await tx.insertSession(aSession(tx.userId));
    return true;
  });
  console.log(won ? 'won' : 'lost');
}
process.stdin.destroy();
await db.destroy();
