import { expect } from 'chai';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { aUser, anInvite } from '../contract/fixtures.js';
import { startWorker } from '../support/db/worker-process.js';
import { countRows } from '../support/db/count-rows.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

const PROCESSES = 6;
const EMAILS_PER_PROCESS = 3;
const MAX_USES = 3;

describe(`invite redemption from several OS processes (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  before(async () => (temp = await createTempDatabase()));
  after(() => temp.cleanup());

  it('lets exactly max_uses registrations through; every other one is invite_exhausted, none errs', async () => {
    const store = createKnexStore(temp.db);
    const admin = aUser({ role: 'admin' });
    await store.auth.insertUser(admin);
    const invite = anInvite(admin.id, { maxUses: MAX_USES });
    await store.scopes.open(admin.id).insertInvite(invite);

    const workers = Array.from({ length: PROCESSES }, (_, p) => {
      const emails = Array.from({ length: EMAILS_PER_PROCESS }, (_, e) => `racer-${p}-${e}@example.com`);
      return startWorker('./redeem-worker.ts', [temp.url, invite.id, ...emails]);
    });
    await Promise.all(workers.map((w) => w.ready));
    for (const worker of workers) worker.send('go'); // all processes race from here
    const outcomes = (await Promise.all(workers.map((w) => w.output))).flatMap((out) => out.trim().split('\n'));

    expect(outcomes).to.have.length(PROCESSES * EMAILS_PER_PROCESS);
    expect(outcomes.filter((o) => o === 'inserted')).to.have.length(MAX_USES);
    expect(outcomes.filter((o) => o !== 'inserted')).to.satisfy((rest: string[]) => rest.every((o) => o === 'invite_exhausted'));
    const [row] = (await temp.db('invites').where('id', toStoredId(invite.id)).select('used_count')) as { used_count: number }[];
    expect(row?.used_count).to.equal(MAX_USES);
    expect(await countRows(temp.db, 'users', { role: 'member' })).to.equal(MAX_USES);
  });
});
