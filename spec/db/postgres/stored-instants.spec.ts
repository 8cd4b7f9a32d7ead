import { expect } from 'chai';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import { aUser } from '../../contract/fixtures.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';

// The counterpart of sqlite/stored-instants.spec.ts.
describe('stored instants (PostgreSQL)', () => {
  let temp: TempPostgresDatabase;
  before(async () => (temp = await createTempPostgresDatabase()));
  after(() => temp.cleanup());

  it('declares every *_at column as timestamp with time zone', async () => {
    const { rows } = (await temp.db.raw(
      `select distinct data_type from information_schema.columns
        where table_schema = current_schema() and column_name like '%\\_at' and table_name not like 'knex_%'`,
    )) as { rows: { data_type: string }[] };
    expect(rows.map((row) => row.data_type)).to.deep.equal(['timestamp with time zone']);
  });

  it('reads back the same instant whatever time zone the database session is in', async () => {
    const user = aUser();
    await createKnexStore(temp.db).auth.insertUser(user);
    const [text, raw, viaStore] = await temp.db.transaction(async (trx) => {
      await trx.raw("set local time zone 'Asia/Kathmandu'");
      const row = (await trx('users').where('email', user.email).first({ text: trx.raw('created_at::text'), raw: 'created_at' })) as
        { text: string; raw: Date };
      return [row.text, row.raw, (await createKnexStore(trx).scopes.open(user.id).findUser())?.createdAt];
    });
    // The server really rendered it in UTC+5:45, yet the driver and the adapter read the same instant.
    expect(text).to.equal('2026-01-02 08:49:05.678+05:45');
    expect([raw.toISOString(), viaStore?.toISOString()]).to.deep.equal(['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z']);
  });
});
