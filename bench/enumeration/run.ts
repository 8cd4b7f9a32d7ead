import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { composeService } from '../../src/compose.js';
import { loadConfig } from '../../src/config/config.js';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { summarize } from './summarize.js';

// Usage: npx tsx bench/enumeration/run.ts [attempts per path, default 30]
// Times login over real HTTP with the real argon2id hasher: unknown email vs wrong password,
// interleaved so that drift in machine load hits both paths alike. Throttling is off.
const ATTEMPTS = Math.max(20, Number(process.argv[2] ?? 30));
const PASSWORD = 'correct horse battery staple 42';

const folder = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
const url = `sqlite://${join(folder, 'bench.sqlite3')}`;
const migrator = openDatabase(url);
await migrateLatest(migrator);
await migrator.destroy();
const config = loadConfig({ SERVICE_DATABASE_URL: url, SERVICE_ENVIRONMENT: 'test', SERVICE_LOGIN_FAILURES_PER_EMAIL: '0', SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0' });
const logger = createLogger('silent');
const service = composeService(config, {}, logger);
await service.useCases.createAdmin({ email: 'ada@example.com', password: PASSWORD });
const server = createApp({ useCases: service.useCases, config, logger }).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/auth/login`;

const timedLogin = async (email: string, password: string): Promise<number> => {
  const started = process.hrtime.bigint();
  const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  await res.arrayBuffer();
  if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
};

await timedLogin('warm@example.com', PASSWORD); // the dummy hash and the connection are made once
const unknown: number[] = [];
const wrong: number[] = [];
for (let i = 0; i < ATTEMPTS; i += 1) {
  // Alternate which path goes first, so neither always follows the other.
  const pair = i % 2 === 0 ? ['u', 'w'] : ['w', 'u'];
  for (const path of pair) {
    if (path === 'u') unknown.push(await timedLogin(`ghost${i}@example.com`, PASSWORD));
    else wrong.push(await timedLogin('ada@example.com', `${PASSWORD} wrong`));
  }
}
console.log(JSON.stringify(summarize(unknown, wrong), null, 2));
server.close();
await service.close();
await rm(folder, { recursive: true, force: true });
