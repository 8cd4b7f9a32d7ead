import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import { composeService } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config/config.js';
import { aSession, aUser } from '../../contract/fixtures.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';

const setting = async (db: Knex, name: string): Promise<string | undefined> =>
  ((await db.raw(`show ${name}`)) as { rows: Record<string, string>[] }).rows[0]?.[name];

const poolMax = (db: Knex): number => (db.client as { pool: { max: number } }).pool.max;

// The counterpart of sqlite/connection.spec.ts: what every pooled connection is set up with.
describe('PostgreSQL connection', () => {
  let temp: TempPostgresDatabase;
  before(async () => (temp = await createTempPostgresDatabase()));
  after(() => temp.cleanup());

  it('bounds every statement with a 5 s timeout', async () => {
    expect(await setting(temp.db, 'statement_timeout')).to.equal('5s');
  });

  it('runs at the server default isolation, read committed (redemption needs nothing stronger)', async () => {
    const level = await temp.db.transaction((trx) => setting(trx, 'transaction_isolation'));
    expect(level).to.equal('read committed');
  });

  it('enforces foreign keys: a session for a missing user is refused', async () => {
    const ghost = aUser();
    const error = await createKnexStore(temp.db).scopes.open(ghost.id).insertSession(aSession(ghost.id)).catch((e: unknown) => e);
    expect((error as { code?: string }).code).to.equal('23503');
  });

  it('sizes the pool from SERVICE_DATABASE_POOL_MAX through the composition, 10 by default', async () => {
    const service = composeService(loadConfig({ SERVICE_DATABASE_URL: temp.url, SERVICE_DATABASE_POOL_MAX: '3' }));
    const fallback = openDatabase(temp.url);
    try {
      expect([poolMax(service.db), poolMax(fallback)]).to.deep.equal([3, 10]);
    } finally {
      await Promise.all([service.close(), fallback.destroy()]);
    }
  });
});
