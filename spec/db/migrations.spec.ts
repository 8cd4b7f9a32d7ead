import { expect } from 'chai';
import { checkDrift } from '../../src/adapters/knex/drift/drift-check.js';
import { MIGRATIONS } from '../../src/adapters/knex/migrations/migration-source.js';
import { migrateLatest, migrationStatus, rollback } from '../../src/adapters/knex/migrations/migrator.js';
import { tableNames } from '../support/db/table-names.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

const IDENTITY_TABLES = ['api_tokens', 'invites', 'sessions', 'users'];
// Derived, so a new migration is held to the same cycle without editing this file.
const ALL = MIGRATIONS.map((migration) => migration.name);
const LATEST = ALL.at(-1) ?? '';

describe(`migrations (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  it('creates the identity tables and reports every migration as completed', async () => {
    expect(await tableNames(temp.db)).to.include.members(IDENTITY_TABLES);
    expect(await migrationStatus(temp.db)).to.deep.equal({ completed: ALL, pending: [] });
  });

  it('survives latest → rollback one → latest, ending with no drift', async () => {
    const before = await tableNames(temp.db);
    expect(await rollback(temp.db)).to.deep.equal([LATEST]);
    expect(await migrationStatus(temp.db)).to.deep.equal({ completed: ALL.slice(0, -1), pending: [LATEST] });
    expect(await migrateLatest(temp.db)).to.deep.equal([LATEST]);
    expect(await tableNames(temp.db)).to.deep.equal(before);
    expect(await checkDrift(temp.db)).to.deep.equal([]);
  });

  it('rolls every migration back down to an empty schema, and up again', async () => {
    for (const name of [...ALL].reverse()) expect(await rollback(temp.db)).to.deep.equal([name]);
    expect(await tableNames(temp.db)).to.deep.equal([]);
    expect(await rollback(temp.db)).to.deep.equal([]);
    expect(await migrateLatest(temp.db)).to.deep.equal(ALL);
    expect(await checkDrift(temp.db)).to.deep.equal([]);
  });

  it('does nothing when already at latest', async () => {
    expect(await migrateLatest(temp.db)).to.deep.equal([]);
  });
});
