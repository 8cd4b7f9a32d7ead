import { expect } from 'chai';
import { composeService, type Service } from '../../../src/compose.js';
import { countRows } from '../../support/db/count-rows.js';
import { createTempDatabase, type TempDatabase } from '../../support/db/temp-database.js';
import { ENGINE_LABEL } from '../../support/db/test-engine.js';
import { PASSWORD } from '../../support/http/users.js';

const ROUNDS = 5;
const config = (url: string) => ({
  databaseUrl: url,
  databasePoolMax: 2,
  loginFailuresPerEmail: 0,
  authAttemptsPerAddress: 0,
  passwordContextWords: [],
  pwnedPasswordsPath: null,
});

// SQLite serializes writers with BEGIN IMMEDIATE (spec/db/concurrent-redeem.spec.ts races real processes);
// two pools in one process would block each other inside better-sqlite3's synchronous busy wait.
describe(`the last enabled admin under concurrent changes, two pools on one database (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let temp: TempDatabase;
  let one: Service;
  let two: Service;
  before(async () => {
    temp = await createTempDatabase();
    [one, two] = [composeService(config(temp.url)), composeService(config(temp.url))];
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await temp?.cleanup();
  });

  it('two operators disabling the two remaining admins at once: one succeeds, the other is last_admin', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const emails = [`first-${round}@example.com`, `second-${round}@example.com`] as const;
      await one.useCases.createAdmin({ email: emails[0], password: PASSWORD });
      await one.useCases.createAdmin({ email: emails[1], password: PASSWORD });
      // Earlier rounds' admins were set aside, so these two are the only enabled ones.
      const outcomes = await Promise.all([
        one.useCases.disableUser('operator', { email: emails[0] }).then(() => 'disabled', (error: { code?: string }) => error.code),
        two.useCases.disableUser('operator', { email: emails[1] }).then(() => 'disabled', (error: { code?: string }) => error.code),
      ]);
      expect(outcomes.sort()).to.deep.equal(['disabled', 'last_admin']);
      const enabled = await temp.db('users').where({ role: 'admin' }).whereNull('disabled_at').count({ n: '*' });
      expect(Number((enabled[0] as { n: unknown }).n)).to.equal(1);
      // Set-up for the next round, behind the service's back: this round's survivor steps aside.
      await temp.db('users').where({ role: 'admin' }).update({ role: 'member' });
    }
    expect(await countRows(temp.db, 'security_events', { type: 'user_disabled', actor: 'operator' })).to.equal(ROUNDS);
  });
});
