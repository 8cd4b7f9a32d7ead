import { expect } from 'chai';
import { composeService, type Service } from '../../src/compose.js';
import { aUser, anEvent } from '../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const DAY = 24 * 60 * 60_000;

/** SERVICE_EVENT_RETENTION_DAYS through the whole composition, on a real database and a fixed clock. */
describe(`security events past their retention (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  let service: Service;
  const clock = new FixedClock(new Date('2026-07-01T12:00:00.000Z'));
  beforeEach(async () => {
    temp = await createTempDatabase();
    const config = { databaseUrl: temp.url, databasePoolMax: 2, loginFailuresPerEmail: 0, authAttemptsPerAddress: 0, passwordContextWords: [], pwnedPasswordsPath: null };
    service = composeService({ ...config, eventRetentionDays: 30 }, { clock });
  });
  afterEach(async () => {
    await service.close();
    await temp.cleanup();
  });

  it('deletes the events older than the retention, of every user, and keeps the younger ones', async () => {
    const users = [aUser(), aUser()];
    const ages = [31 * DAY, 30 * DAY + 1, 30 * DAY, DAY];
    for (const user of users) {
      await service.ports.auth.insertUser(user);
      for (const age of ages) await service.ports.scopes.open(user.id).recordEvent(anEvent(user.id, { createdAt: new Date(clock.now().getTime() - age) }));
    }
    expect(await service.useCases.purgeExpiredEvents()).to.equal(4);
    for (const user of users) {
      const kept = await service.ports.scopes.open(user.id).listEvents({ limit: 10, before: null });
      expect(kept.map((event) => clock.now().getTime() - event.createdAt.getTime())).to.have.members([30 * DAY, DAY]);
    }
  });
});
