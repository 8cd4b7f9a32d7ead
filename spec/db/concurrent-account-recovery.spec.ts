import { expect } from 'chai';
import { composeService, type Service } from '../../src/compose.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { startWorker } from '../support/db/worker-process.js';

const PROCESSES = 4;
const EMAIL = 'raced@example.com';

/**
 * One account-recovery code, redeemed by four OS processes at the same moment through the whole
 * use case: exactly one sets the password and opens a session, the others get recovery_invalid.
 */
describe(`an account-recovery code raced by ${PROCESSES} processes (${ENGINE_LABEL})`, function () {
  // Four processes each start a TypeScript runtime: seconds apiece on a busy machine.
  this.timeout(60_000);
  let temp: TempDatabase;
  let service: Service;
  before(async () => {
    temp = await createTempDatabase();
    const config = { databaseUrl: temp.url, databasePoolMax: 2, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null };
    service = composeService(config);
  });
  after(async () => {
    await service.close();
    await temp.cleanup();
  });

  it('has exactly one winner, and only the winner\'s session exists', async () => {
    const user = await service.useCases.createAdmin({ email: EMAIL, password: 'the forgotten passphrase 1' });
    const { code } = await service.useCases.issueAccountRecovery('operator', { email: EMAIL });
    const workers = Array.from({ length: PROCESSES }, () => startWorker('./account-recovery-worker.ts', [temp.url, EMAIL, code]));
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.send('go'); // all processes race from here
    const outcomes = (await Promise.all(workers.map((worker) => worker.output))).map((out) => out.trim());
    expect(outcomes.filter((outcome) => outcome === 'won')).to.have.length(1);
    expect(outcomes.filter((outcome) => outcome === 'recovery_invalid')).to.have.length(PROCESSES - 1);
    const sessions = await service.ports.scopes.open(user.id).listSessions();
    expect(sessions).to.have.length(1);
    const trail = await service.ports.scopes.open(user.id).listEvents({ limit: 20, before: null });
    expect(trail.filter((event) => event.type === 'account_recovered')).to.have.length(1);
  });
});
