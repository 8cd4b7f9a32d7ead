import { expect } from 'chai';
import type { PendingAction } from '../../src/core/domain/pending-action.js';
import type { Session } from '../../src/core/domain/session.js';
import { aSession, aUser, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const NOW = at('2026-01-02T03:10:00.000Z');
const LATER = at('2026-01-02T03:25:00.000Z');

const anAction = (session: Session, overrides: Partial<PendingAction> = {}): PendingAction => ({
  sessionId: session.id,
  name: 'disable',
  subject: 'ada@example.com',
  route: '/gatehouse/admin/users/x/disable',
  fields: '{"confirmed":"yes"}',
  expiresAt: LATER,
  ...overrides,
});

/** Forms waiting for their session's confirmation (§15 rule 9): one per session, taken once, never past expiry, never by another session. */
export function pendingActionsContract(adapter: string, factory: StoreFactory): void {
  describe(`Pending actions contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    let store: Store;
    let mine: Session;
    let theirs: Session;
    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
      const user = aUser();
      await store.auth.insertUser(user);
      [mine, theirs] = [aSession(user.id), aSession(user.id)];
      for (const session of [mine, theirs]) await store.scopes.open(user.id).insertSession(session);
    });
    afterEach(() => subject.cleanup());

    it('gives the action back as kept, to its own session only, and only once', async () => {
      await store.pendingActions.keep(anAction(mine));
      expect(await store.pendingActions.find(theirs.id, NOW)).to.equal(null);
      expect(await store.pendingActions.take(theirs.id, NOW)).to.equal(null);
      expect(await store.pendingActions.find(mine.id, NOW)).to.deep.equal(anAction(mine));
      expect(await store.pendingActions.take(mine.id, NOW)).to.deep.equal(anAction(mine));
      expect(await store.pendingActions.take(mine.id, NOW)).to.equal(null);
    });

    it('keeps one per session: a newer action replaces the older', async () => {
      await store.pendingActions.keep(anAction(mine));
      await store.pendingActions.keep(anAction(mine, { name: 'token', subject: null, route: '/gatehouse/account/tokens', fields: '{"name":"ci"}' }));
      expect(await store.pendingActions.take(mine.id, NOW)).to.deep.equal(anAction(mine, { name: 'token', subject: null, route: '/gatehouse/account/tokens', fields: '{"name":"ci"}' }));
      expect(await store.pendingActions.take(mine.id, NOW)).to.equal(null);
    });

    it('never answers an expired action, and taking it removes it', async () => {
      await store.pendingActions.keep(anAction(mine));
      expect(await store.pendingActions.find(mine.id, LATER)).to.equal(null);
      expect(await store.pendingActions.take(mine.id, LATER)).to.equal(null);
      expect(await store.pendingActions.take(mine.id, NOW)).to.equal(null);
    });

    it('gives an action to exactly one of two takers at once', async () => {
      await store.pendingActions.keep(anAction(mine));
      const taken = await Promise.all([store.pendingActions.take(mine.id, NOW), store.pendingActions.take(mine.id, NOW)]);
      expect(taken.filter((action) => action !== null)).to.have.length(1);
    });

    it('answers nothing for an id that is no session', async () => {
      expect(await store.pendingActions.take('not-a-session', NOW)).to.equal(null);
      expect(await store.pendingActions.find('not-a-session', NOW)).to.equal(null);
    });
  });
}
