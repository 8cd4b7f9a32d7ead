import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import { toStoredId } from '../../../src/adapters/knex/stored-forms.js';
import type { RedeemOutcome } from '../../../src/core/ports/auth-lookups.js';
import type { Invite } from '../../../src/core/domain/invite.js';
import { aUser, anInvite } from '../../contract/fixtures.js';
import { countRows } from '../../support/db/count-rows.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';

const POOLS = 5;
const PER_POOL = 10;

/**
 * Many pools of full-size connections, as many instances would have, all redeeming at once at the
 * server's default isolation (read committed). The guarded UPDATE re-checks `used_count < max_uses`
 * on the row version it waited for, so no retry loop is needed and nothing fails with 40001.
 */
describe('invite redemption under concurrency (PostgreSQL, read committed)', () => {
  let temp: TempPostgresDatabase;
  let pools: Knex[];
  let invite: Invite;

  beforeEach(async () => {
    temp = await createTempPostgresDatabase();
    pools = Array.from({ length: POOLS }, () => openDatabase(temp.url, { poolMax: PER_POOL }));
    const store = createKnexStore(temp.db);
    const admin = aUser({ role: 'admin' });
    await store.auth.insertUser(admin);
    invite = anInvite(admin.id, { maxUses: 7 });
    await store.scopes.open(admin.id).insertInvite(invite);
  });
  afterEach(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await temp.cleanup();
  });

  const race = (emailOf: (n: number) => string): Promise<RedeemOutcome['outcome'][]> =>
    Promise.all(
      Array.from({ length: POOLS * PER_POOL }, (_, n) =>
        createKnexStore(pools[n % POOLS] as Knex).auth.redeemInvite(invite.id, aUser({ email: emailOf(n) })).then((r) => r.outcome),
      ),
    );
  const usedCount = async (): Promise<number> =>
    Number(((await temp.db('invites').where('id', toStoredId(invite.id)).first('used_count')) as { used_count: number }).used_count);

  it('lets exactly max_uses of 50 simultaneous redemptions through; the rest are invite_exhausted', async () => {
    const outcomes = await race((n) => `racer-${n}@example.com`);
    expect(outcomes.filter((o) => o === 'inserted')).to.have.length(7);
    expect(outcomes.filter((o) => o === 'invite_exhausted')).to.have.length(43);
    expect([await usedCount(), await countRows(temp.db, 'users', { role: 'member' })]).to.deep.equal([7, 7]);
  });

  it('for one email raced 50 times: one account, email_taken for the rest, and only its use counted', async () => {
    const outcomes = await race(() => 'same@example.com');
    expect(outcomes.filter((o) => o === 'inserted')).to.have.length(1);
    expect(outcomes.filter((o) => o !== 'inserted')).to.satisfy((rest: RedeemOutcome['outcome'][]) => rest.every((o) => o === 'email_taken'));
    expect([await usedCount(), await countRows(temp.db, 'users', { email: 'same@example.com' })]).to.deep.equal([1, 1]);
  });
});
