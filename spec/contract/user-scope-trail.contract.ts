import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import { aSession, anEvent, at } from './fixtures.js';
import type { TwoUsers } from './user-scopes.contract.js';

const ALL = { limit: 100, before: null };

/** The security trail and transactions through a scope: all or nothing, and never another user's rows. */
export function userScopeTrailContract(given: TwoUsers): void {
  const scopeOf = (userId: TwoUsers['ada']['id']) => given.store.scopes.open(userId);

  describe('the security trail', () => {
    it('lists its own events newest first, a page at a time by id', async () => {
      const ids = [uuidv7(), uuidv7(), uuidv7()];
      for (const id of ids) await scopeOf(given.ada.id).recordEvent(anEvent(given.ada.id, { id }));
      await scopeOf(given.bob.id).recordEvent(anEvent(given.bob.id));
      const first = await scopeOf(given.ada.id).listEvents({ limit: 2, before: null });
      expect(first.map((e) => e.id)).to.deep.equal([ids[2], ids[1]]);
      const rest = await scopeOf(given.ada.id).listEvents({ limit: 2, before: ids[1] as string });
      expect(rest.map((e) => e.id)).to.deep.equal([ids[0]]);
      expect(await scopeOf(given.ada.id).listEvents({ limit: 2, before: 'not-a-uuid' })).to.deep.equal([]);
    });

    it('keeps every field, and writes for its own user whatever the record says', async () => {
      const event = anEvent(given.bob.id, { type: 'session_revoked', actor: 'admin', actorId: given.bob.id, targetId: uuidv7(), clientAddress: null, userAgent: null });
      await scopeOf(given.ada.id).recordEvent(event);
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.deep.equal([{ ...event, userId: given.ada.id }]);
      expect(await scopeOf(given.bob.id).listEvents(ALL)).to.deep.equal([]);
    });

    it('goes with its user; an event another user acted in forgets the deleted actor', async () => {
      await scopeOf(given.ada.id).recordEvent(anEvent(given.ada.id));
      const onBob = anEvent(given.bob.id, { actor: 'admin', actorId: given.ada.id });
      await scopeOf(given.bob.id).recordEvent(onBob);
      await scopeOf(given.ada.id).deleteUser();
      expect(await scopeOf(given.bob.id).listEvents(ALL)).to.deep.equal([{ ...onBob, actorId: null }]);
    });
  });

  describe('transactions', () => {
    it('commits every write of the work together', async () => {
      const session = aSession(given.ada.id);
      const result = await scopeOf(given.ada.id).transaction(async (scope) => {
        await scope.insertSession(session);
        await scope.recordEvent(anEvent(scope.userId, { type: 'login_succeeded', targetId: session.id }));
        return 'committed';
      });
      expect(result).to.equal('committed');
      expect(await scopeOf(given.ada.id).findSession(session.id)).to.deep.equal(session);
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.have.length(1);
    });

    it('keeps nothing of the work when it fails, nested transactions included', async () => {
      const session = aSession(given.ada.id);
      const failure = await scopeOf(given.ada.id)
        .transaction(async (scope) => {
          await scope.updateUser({ displayName: 'Changed' });
          await scope.transaction(async (inner) => inner.insertSession(session));
          await scope.recordEvent(anEvent(scope.userId));
          throw new Error('the event insert failed');
        })
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await scopeOf(given.ada.id).findUser()).to.deep.equal(given.ada);
      expect(await scopeOf(given.ada.id).findSession(session.id)).to.equal(null);
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.deep.equal([]);
    });

    it('renews the proof of its own session only', async () => {
      const [mine, theirs] = [aSession(given.ada.id), aSession(given.bob.id)];
      await scopeOf(given.ada.id).insertSession(mine);
      await scopeOf(given.bob.id).insertSession(theirs);
      const proof = { authenticatedAt: at('2026-03-01T00:00:00.000Z'), secondFactorAt: at('2026-03-01T00:00:00.001Z') };
      expect(await scopeOf(given.ada.id).proveSession(mine.id, proof)).to.equal(true);
      expect(await scopeOf(given.ada.id).proveSession(theirs.id, proof)).to.equal(false);
      expect(await scopeOf(given.ada.id).findSession(mine.id)).to.deep.equal({ ...mine, ...proof });
      expect(await scopeOf(given.bob.id).findSession(theirs.id)).to.deep.equal(theirs);
    });
  });
}
