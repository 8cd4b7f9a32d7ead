import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../../src/adapters/knex/migrations/migrator.js';

// Usage: migrate-worker.ts <url> — opens a connection, prints `ready`, waits for a line on standard
// input (so every process starts migrating at once), then prints what it applied, or its error.
const db = openDatabase(process.argv[2] as string);
await db.raw('select 1');
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
try {
  console.log(JSON.stringify({ applied: await migrateLatest(db) }));
} catch (error) {
  console.log(JSON.stringify({ error: (error as Error).message }));
}
process.stdin.destroy();
await db.destroy();
