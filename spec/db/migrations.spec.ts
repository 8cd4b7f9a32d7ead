import { expect } from 'chai';
import { checkDrift } from '../../src/adapters/knex/drift-check.js';
import { migrateLatest, migrationStatus, rollback } from '../../src/adapters/knex/migrator.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';

const tableNames = async (temp: TempDatabase): Promise<string[]> => {
  const rows = (await temp.db.raw(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%' order by name",
  )) as { name: string }[];
  return rows.map((row) => row.name);
};

describe('migrations (SQLite file)', () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  it('creates the identity tables and reports 0001 as completed', async () => {
    expect(await tableNames(temp)).to.deep.equal(['api_tokens', 'invites', 'sessions', 'users']);
    expect(await migrationStatus(temp.db)).to.deep.equal({ completed: ['0001_identity'], pending: [] });
  });

  it('survives latest → rollback one → latest, ending with no drift', async () => {
    expect(await rollback(temp.db)).to.deep.equal(['0001_identity']);
    expect(await tableNames(temp)).to.deep.equal([]);
    expect(await migrationStatus(temp.db)).to.deep.equal({ completed: [], pending: ['0001_identity'] });
    expect(await migrateLatest(temp.db)).to.deep.equal(['0001_identity']);
    expect(await tableNames(temp)).to.deep.equal(['api_tokens', 'invites', 'sessions', 'users']);
    expect(await checkDrift(temp.db)).to.deep.equal([]);
  });

  it('does nothing when already at latest or when nothing is left to roll back', async () => {
    expect(await migrateLatest(temp.db)).to.deep.equal([]);
    await rollback(temp.db);
    expect(await rollback(temp.db)).to.deep.equal([]);
  });
});
