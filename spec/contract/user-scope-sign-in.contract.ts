import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import { SESSIONS_PER_USER } from '../../src/core/domain/quotas.js';
import type { SignInRecord } from '../../src/core/ports/user-scopes.js';
import { aSession, anEvent, at } from './fixtures.js';
import type { TwoUsers } from './user-scopes.contract.js';

const ALL = { limit: 100, before: null };
const SIGNED_IN_AT = at('2026-03-04T05:06:07.890Z');

/** A sign-in's writes (updateUser, insertSession, recordEvent) as one unit: all of them, for the scope's user, or none. */
export function userScopeSignInContract(given: TwoUsers): void {
  const scopeOf = (userId: TwoUsers['ada']['id']) => given.store.scopes.open(userId);
  // The records name Bob: the scope writes for its own user whatever they say.
  const aSignIn = (overrides: Partial<SignInRecord> = {}): SignInRecord => {
    const session = aSession(given.bob.id, { createdAt: SIGNED_IN_AT, lastSeenAt: SIGNED_IN_AT, authMethods: ['pwd', 'otp', 'mfa'] });
    return {
      userChanges: { lastLoginAt: SIGNED_IN_AT },
      session,
      event: anEvent(given.bob.id, { type: 'login_succeeded', targetId: session.id }),
      ...overrides,
    };
  };

  describe('a sign-in recorded in one call', () => {
    it("writes the user's changes, the session with how it was opened, and the event, all for its own user", async () => {
      const signIn = aSignIn();
      await scopeOf(given.ada.id).recordSignIn(signIn);
      expect(await scopeOf(given.ada.id).findUser()).to.deep.equal({ ...given.ada, lastLoginAt: SIGNED_IN_AT });
      const { authMethods: _methods, ...session } = { ...signIn.session, userId: given.ada.id };
      expect(await scopeOf(given.ada.id).findSession(signIn.session.id)).to.deep.include(session);
      expect(await scopeOf(given.ada.id).findSessionSignIn(signIn.session.id)).to.deep.equal({
        sessionId: signIn.session.id,
        authenticatedAt: signIn.session.authenticatedAt,
        authMethods: ['pwd', 'otp', 'mfa'],
      });
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.deep.equal([{ ...signIn.event, userId: given.ada.id }]);
      expect(await scopeOf(given.bob.id).findUser()).to.deep.equal(given.bob);
      expect(await scopeOf(given.bob.id).listSessions()).to.deep.equal([]);
      expect(await scopeOf(given.bob.id).listEvents(ALL)).to.deep.equal([]);
    });

    it('writes a rehashed password with its updated_at, and a session opened without methods', async () => {
      const changes = { passwordHash: 'rehashed', updatedAt: SIGNED_IN_AT, lastLoginAt: SIGNED_IN_AT };
      const session = aSession(given.ada.id);
      delete session.authMethods;
      await scopeOf(given.ada.id).recordSignIn(aSignIn({ userChanges: changes, session }));
      expect(await scopeOf(given.ada.id).findUser()).to.deep.equal({ ...given.ada, ...changes });
      expect((await scopeOf(given.ada.id).findSessionSignIn(session.id))?.authMethods).to.deep.equal([]);
    });

    it('keeps nothing when one of its writes fails', async () => {
      const taken = aSession(given.ada.id);
      await scopeOf(given.ada.id).insertSession(taken);
      const clash = aSignIn({ session: aSession(given.ada.id, { tokenHash: taken.tokenHash }) });
      expect(await scopeOf(given.ada.id).recordSignIn(clash).catch((error: unknown) => error)).to.be.instanceOf(Error);
      expect(await scopeOf(given.ada.id).findUser()).to.deep.equal(given.ada);
      expect((await scopeOf(given.ada.id).listSessions()).map((s) => s.id)).to.deep.equal([taken.id]);
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.deep.equal([]);
      // The connection is usable again: the failed unit left no transaction open.
      await scopeOf(given.ada.id).recordSignIn(aSignIn());
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.have.length(1);
    });

    it('inside a transaction is part of it: a later failure keeps none of its writes', async () => {
      const signIn = aSignIn();
      const failed = scopeOf(given.ada.id).transaction(async (scope) => {
        await scope.recordSignIn(signIn);
        throw new Error('a later step failed');
      });
      expect(await failed.catch((error: unknown) => (error as Error).message)).to.equal('a later step failed');
      expect(await scopeOf(given.ada.id).findUser()).to.deep.equal(given.ada);
      expect(await scopeOf(given.ada.id).findSession(signIn.session.id)).to.equal(null);
      expect(await scopeOf(given.ada.id).listEvents(ALL)).to.deep.equal([]);
    });

    it(`keeps ${SESSIONS_PER_USER} sessions: the least recently seen one goes`, async () => {
      const stale = aSession(given.ada.id, { lastSeenAt: at('2025-12-31T00:00:00.000Z') });
      await scopeOf(given.ada.id).insertSession(stale);
      for (let i = 1; i < SESSIONS_PER_USER; i++) await scopeOf(given.ada.id).insertSession(aSession(given.ada.id, { id: uuidv7() }));
      const signIn = aSignIn();
      await scopeOf(given.ada.id).recordSignIn(signIn);
      const ids = (await scopeOf(given.ada.id).listSessions()).map((s) => s.id);
      expect(ids).to.have.length(SESSIONS_PER_USER);
      expect(ids).to.include(signIn.session.id).and.not.include(stale.id);
    });
  });
}
