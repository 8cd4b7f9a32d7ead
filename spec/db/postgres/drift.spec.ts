import { expect } from 'chai';
import { checkDrift } from '../../../src/adapters/knex/drift/drift-check.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';

// The engine-neutral cases are in ../drift-check.spec.ts; these types exist only on PostgreSQL.
describe('drift check on PostgreSQL types', () => {
  let temp: TempPostgresDatabase;
  beforeEach(async () => (temp = await createTempPostgresDatabase()));
  afterEach(() => temp.cleanup());

  it('reports a timestamp that lost its time zone and a dropped NOT NULL', async () => {
    await temp.db.raw('alter table sessions alter column expires_at type timestamp without time zone');
    await temp.db.raw('alter table sessions alter column token_hash drop not null');
    expect(await checkDrift(temp.db)).to.deep.equal([
      'sessions.token_hash: nullable in the database, not null in the model',
      'sessions.expires_at: type is timestamp without time zone in the database, timestamp in the model',
    ]);
  });
});
