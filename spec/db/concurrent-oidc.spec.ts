import { expect } from 'chai';
import { composeService, type Service } from '../../src/compose.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { startWorker } from '../support/db/worker-process.js';

const PROCESSES = 4;

/**
 * The OpenID provider's two races across instances: one authorization code redeemed 20 times at
 * once by four OS processes (exactly one wins), and four first starts adding signing keys (one set lands).
 */
describe(`OpenID storage raced by ${PROCESSES} processes (${ENGINE_LABEL})`, function () {
  // Four processes each start a TypeScript runtime: seconds apiece on a busy machine.
  this.timeout(60_000);
  let temp: TempDatabase;
  let service: Service;
  beforeEach(async () => {
    temp = await createTempDatabase();
    const config = { databaseUrl: temp.url, databasePoolMax: 2, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null };
    service = composeService(config);
  });
  afterEach(async () => {
    await service.close();
    await temp.cleanup();
  });

  const race = async (mode: 'consume' | 'keys'): Promise<string[]> => {
    const workers = Array.from({ length: PROCESSES }, () => startWorker('./oidc-race-worker.ts', [temp.url, mode]));
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.send('go'); // all processes race from here
    return (await Promise.all(workers.map((worker) => worker.output))).map((out) => out.trim());
  };

  it('consumes one code exactly once among 20 concurrent redemptions', async () => {
    await service.ports.oidcPayloads.upsert('AuthorizationCode', 'raced', { kind: 'AuthorizationCode' }, new Date(Date.now() + 60_000));
    const wins = (await race('consume')).map(Number);
    expect(wins.reduce((sum, n) => sum + n, 0)).to.equal(1);
    expect(await service.ports.oidcPayloads.find('AuthorizationCode', 'raced')).to.have.property('consumed');
  });

  it('keeps exactly one set of signing keys when instances start together', async () => {
    const outcomes = await race('keys');
    expect(outcomes.filter((outcome) => outcome === 'added')).to.have.length(1);
    expect(outcomes.filter((outcome) => outcome === 'kept')).to.have.length(PROCESSES - 1);
    expect(await service.ports.oidcKeys.list()).to.have.length(2);
  });
});
