import { expect } from 'chai';
import { checkDrift } from '../../src/adapters/knex/drift-check.js';
import { migrateLatest, rollback } from '../../src/adapters/knex/migrator.js';
import type { TempDatabase } from '../support/db/temp-database.js';
import { createTempPostgresDatabase, POSTGRES_TEST_URL } from '../support/db/temp-postgres-database.js';

// Runs only when GATEHOUSE_TEST_POSTGRES_URL names a server.
(POSTGRES_TEST_URL ? describe : describe.skip)('PostgreSQL schema', () => {
  let temp: TempDatabase;
  before(async () => (temp = await createTempPostgresDatabase()));
  after(() => temp.cleanup());

  it('bounds every statement with a timeout', async () => {
    const { rows } = (await temp.db.raw('show statement_timeout')) as { rows: { statement_timeout: string }[] };
    expect(rows[0]?.statement_timeout).to.equal('5s');
  });

  it('survives latest → rollback one → latest with no drift', async () => {
    expect(await checkDrift(temp.db)).to.deep.equal([]);
    expect(await rollback(temp.db)).to.deep.equal(['0001_identity']);
    expect(await checkDrift(temp.db)).to.include('users: table missing from the database');
    expect(await migrateLatest(temp.db)).to.deep.equal(['0001_identity']);
    expect(await checkDrift(temp.db)).to.deep.equal([]);
  });

  it('reports a timestamp that lost its time zone and a dropped NOT NULL', async () => {
    await temp.db.raw('alter table sessions alter column expires_at type timestamp without time zone');
    await temp.db.raw('alter table sessions alter column token_hash drop not null');
    expect(await checkDrift(temp.db)).to.deep.equal([
      'sessions.token_hash: nullable in the database, not null in the model',
      'sessions.expires_at: type is timestamp without time zone in the database, timestamp in the model',
    ]);
  });
});
