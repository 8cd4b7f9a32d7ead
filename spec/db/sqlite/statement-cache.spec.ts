import { expect } from 'chai';
import { preparedOnce } from '../../../src/adapters/knex/connection/statement-cache.js';
import { countingPrepares } from '../../support/db/counting-prepares.js';
import type { TempDatabase } from '../../support/db/temp-database.js';
import { createTempSqliteDatabase } from '../../support/db/temp-sqlite-database.js';

describe('SQLite statements prepared once per connection', () => {
  let temp: TempDatabase;
  beforeEach(async () => {
    temp = await createTempSqliteDatabase({ migrate: false });
    await temp.db.schema.createTable('notes', (table) => {
      table.integer('id').primary();
      table.bigInteger('big');
    });
  });
  afterEach(() => temp.cleanup());

  it('prepares a repeated query once, and every run reads the rows as they are now', async () => {
    const { prepared } = await countingPrepares(temp);
    const counts: number[] = [];
    for (let id = 1; id <= 3; id++) {
      await temp.db('notes').insert({ id, big: id });
      counts.push(((await temp.db('notes').count({ n: '*' })) as { n: number }[])[0]?.n ?? -1);
    }
    expect(counts).to.deep.equal([1, 2, 3]);
    expect(prepared.filter((sql) => sql.startsWith('select'))).to.have.length(1);
    expect(prepared.filter((sql) => sql.startsWith('insert'))).to.have.length(1);
  });

  it('keeps a rolled-back transaction rolled back, with BEGIN and ROLLBACK on cached statements', async () => {
    for (let round = 0; round < 2; round++) {
      await temp.db
        .transaction(async (trx) => {
          await trx('notes').insert({ id: 7, big: 7 });
          throw new Error('roll back');
        })
        .catch(() => undefined);
    }
    await temp.db('notes').insert({ id: 7, big: 8 }); // would fail on the key had a round committed
    expect(await temp.db('notes').select('big')).to.deep.equal([{ big: 8 }]);
  });

  it('keeps at most 512 statements a connection, the oldest first out', async () => {
    const { connection, prepared } = await countingPrepares(temp);
    const sql = (n: number) => `select ${n} as n`;
    for (let n = 0; n <= 512; n++) preparedOnce(connection, sql(n));
    const before = prepared.length;
    preparedOnce(connection, sql(512)); // the newest: still kept
    expect(prepared.length).to.equal(before);
    preparedOnce(connection, sql(0)); // the oldest: let go when the 513th came
    expect(prepared.length).to.equal(before + 1);
  });

  it('runs a query asking for safe integers on a statement of its own, so the mode never sticks', async () => {
    const big = 2n ** 60n;
    await temp.db('notes').insert({ id: 1, big });
    const exact = await temp.db('notes').select('big').options({ safeIntegers: true });
    const plain = await temp.db('notes').select('big');
    expect(exact).to.deep.equal([{ big }]);
    expect(typeof (plain[0] as { big: unknown }).big).to.equal('number');
  });
});
