import { expect } from 'chai';
import { composeService, type Service } from '../../src/compose.js';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { api } from '../support/http/api.js';
import { memoryLog, testConfig, type Harness } from '../support/http/harness.js';
import { registeredMember, signedInAdmin } from '../support/http/users.js';
import { asPending, enrolTotp, passwordStep, totpCode } from '../support/mfa/mfa-users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const OLD_KEY = 'the-key-before-rotation-0123456789abcdef';
const NEW_KEY = 'the-key-after-rotation-fedcba9876543210';
const STEP = 30_000;

describe('HTTP SERVICE_SECRET_KEY rotation: the previous key still opens TOTP secrets, which are sealed again as used', () => {
  let database: TempDatabase;
  const services: Service[] = [];
  const clock = new FixedClock(new Date());
  before(async () => (database = await createTempDatabase()));
  after(async () => {
    for (const service of services) await service.close();
    await database.cleanup();
  });

  /** A service on the shared database with the given keys, as after a restart with new settings. */
  const serviceWith = (env: Record<string, string>): Harness => {
    const config = testConfig({ SERVICE_DATABASE_URL: database.url, ...env });
    const { lines, stream } = memoryLog();
    const logger = createLogger('info', stream);
    const service = composeService({ ...config, databasePoolMax: 1 }, { clock }, logger);
    services.push(service);
    return { app: createApp({ useCases: service.useCases, config, logger, clock: service.ports.clock }), useCases: service.useCases, config, logs: lines, close: async () => {} };
  };
  const sealedKeyId = async (): Promise<string> => String((await database.db('totp_factors').first()).sealed_secret).split('.')[1]!;
  const secondStep = async (h: Harness, email: string, body: Record<string, unknown>) =>
    api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, email))).send(body);

  it('keeps enrolled users working through a rotation, re-seals on use, and a key that was never configured opens nothing', async () => {
    const before = serviceWith({ SERVICE_SECRET_KEY: OLD_KEY });
    const member = await registeredMember(before, (await signedInAdmin(before)).email);
    const { secret, recoveryCodes } = await enrolTotp(before, member, clock.now());
    const oldId = await sealedKeyId();

    const rotated = serviceWith({ SERVICE_SECRET_KEY: NEW_KEY, SERVICE_SECRET_KEY_PREVIOUS: OLD_KEY });
    clock.advance(STEP);
    expect((await secondStep(rotated, member.email, { code: totpCode(secret, clock.now()) })).status).to.equal(200);
    const newId = await sealedKeyId();
    expect(newId, 'sealed again under the current key when used').not.to.equal(oldId);

    const newOnly = serviceWith({ SERVICE_SECRET_KEY: NEW_KEY });
    clock.advance(STEP);
    expect((await secondStep(newOnly, member.email, { code: totpCode(secret, clock.now()) })).status, 'the previous key is no longer needed').to.equal(200);

    const lost = serviceWith({ SERVICE_SECRET_KEY: 'a-key-nobody-sealed-anything-with-000000' });
    clock.advance(STEP);
    const refused = await secondStep(lost, member.email, { code: totpCode(secret, clock.now()) });
    expect([refused.status, refused.body.code]).to.deep.equal([401, 'invalid_credentials']);
    expect((await secondStep(lost, member.email, { recovery_code: recoveryCodes[0] })).status, 'recovery codes need no key').to.equal(200);
  });
});
