import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { aUser } from '../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { startWorker } from '../support/db/worker-process.js';

const CODES = 20;
const PROCESSES = 4;

/**
 * CONTRACT §10: a recovery code works once, also under concurrent use. Four OS processes redeem
 * the same 20 codes at the same moment (each inside a transaction that also opens a session):
 * exactly one wins each code, and every code is spent.
 */
describe(`recovery codes raced by ${PROCESSES} processes (${ENGINE_LABEL})`, function () {
  // Four processes each start a TypeScript runtime: seconds apiece on a busy machine.
  this.timeout(60_000);
  let temp: TempDatabase;
  before(async () => (temp = await createTempDatabase()));
  after(() => temp.cleanup());

  it('gives exactly one success per code, and one session per success', async () => {
    const store = createKnexStore(temp.db);
    const user = aUser();
    await store.auth.insertUser(user);
    const hashes = Array.from({ length: CODES }, (_, i) => createHash('sha256').update(`code-${i}`).digest('hex'));
    const createdAt = new Date();
    await store.scopes.open(user.id).factors.replaceRecoveryCodes(hashes.map((codeHash) => ({ id: uuidv7(), userId: user.id, codeHash, createdAt })));

    const workers = Array.from({ length: PROCESSES }, () => startWorker('./recovery-code-worker.ts', [temp.url, user.id, ...hashes]));
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.send('go'); // all processes race from here
    const outcomes = (await Promise.all(workers.map((worker) => worker.output))).map((out) => out.trim().split('\n'));

    const winsPerCode = hashes.map((_, i) => outcomes.filter((lines) => lines[i] === 'won').length);
    expect(winsPerCode).to.deep.equal(Array(CODES).fill(1));
    expect(outcomes.flat().filter((line) => line === 'lost')).to.have.length(CODES * (PROCESSES - 1));
    expect((await store.scopes.open(user.id).listSessions()).length).to.equal(CODES);
    expect((await store.scopes.open(user.id).factors.summary()).recoveryCodes).to.equal(0);
  });
});
