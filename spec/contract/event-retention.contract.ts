import { expect } from 'chai';
import type { UserId } from '../../src/core/domain/user-id.js';
import { aUser, anEvent, at } from './fixtures.js';
import type { StoreFactory, StoreUnderTest } from './store-factory.js';

const ALL = { limit: 1000, before: null };
const CUTOFF = at('2026-06-01T00:00:00.000Z');

/** The retention mode: a delete by age across every user, and nothing else. */
export function eventRetentionContract(adapter: string, factory: StoreFactory): void {
  describe(`EventRetention contract (${adapter})`, () => {
    let under: StoreUnderTest;
    beforeEach(async () => (under = await factory()));
    afterEach(() => under.cleanup());

    const trailOf = async (userId: UserId) => (await under.store.scopes.open(userId).listEvents(ALL)).map((event) => event.createdAt.toISOString());

    it('deletes every user\'s events created before the cutoff, keeps the rest, and answers how many went', async () => {
      const users = [aUser(), aUser()];
      for (const user of users) {
        await under.store.auth.insertUser(user);
        for (const iso of ['2026-05-31T23:59:59.999Z', '2026-06-01T00:00:00.000Z', '2026-06-02T00:00:00.000Z']) {
          await under.store.scopes.open(user.id).recordEvent(anEvent(user.id, { createdAt: at(iso) }));
        }
      }
      expect(await under.store.retention.deleteEventsBefore(CUTOFF)).to.equal(2);
      for (const user of users) expect(await trailOf(user.id)).to.have.members(['2026-06-01T00:00:00.000Z', '2026-06-02T00:00:00.000Z']);
      expect(await under.store.retention.deleteEventsBefore(CUTOFF), 'a second run finds nothing').to.equal(0);
    });

    it('deletes more than one batch', async () => {
      const user = aUser();
      await under.store.auth.insertUser(user);
      const scope = under.store.scopes.open(user.id);
      await scope.transaction(async (tx) => {
        for (let i = 0; i < 1203; i += 1) await tx.recordEvent(anEvent(user.id, { createdAt: at('2026-01-01T00:00:00.000Z') }));
        await tx.recordEvent(anEvent(user.id, { createdAt: CUTOFF }));
      });
      expect(await under.store.retention.deleteEventsBefore(CUTOFF)).to.equal(1203);
      expect(await trailOf(user.id)).to.deep.equal([CUTOFF.toISOString()]);
    });
  });
}
