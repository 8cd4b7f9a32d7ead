import { expect } from 'chai';
import type { Invite } from '../../src/core/domain/invite.js';
import { toCredentialOwner } from '../../src/core/domain/user.js';
import type { Session } from '../../src/core/domain/session.js';
import type { UserId } from '../../src/core/domain/user-id.js';
import { aSession, aUser, anEvent, anInvite } from './fixtures.js';
import type { Store } from './store-factory.js';

/** AuthLookups.redeemInvite: one use is counted only together with the new user, never past max_uses. */
export function redeemInviteContract(current: () => Store): void {
  describe('redeemInvite', () => {
    let store: Store;
    let invite: Invite;

    const issue = async (overrides: Partial<Invite>): Promise<Invite> => {
      const admin = aUser({ role: 'admin' });
      await store.auth.insertUser(admin);
      const issued = anInvite(admin.id, overrides);
      await store.scopes.open(admin.id).insertInvite(issued);
      return issued;
    };
    const usedCount = async (): Promise<number | undefined> => (await store.auth.findInviteByCodeHash(invite.codeHash))?.usedCount;

    beforeEach(async () => {
      store = current();
      invite = await issue({ maxUses: 2 });
    });

    it('creates the user and counts one use', async () => {
      const user = aUser();
      expect(await store.auth.redeemInvite(invite.id, user)).to.deep.equal({ outcome: 'inserted', user, result: undefined });
      expect(await store.auth.findUserByEmail(user.email)).to.deep.equal(user);
      expect(await usedCount()).to.equal(1);
    });

    it('refuses once max_uses is reached, writing nothing', async () => {
      await store.auth.redeemInvite(invite.id, aUser());
      await store.auth.redeemInvite(invite.id, aUser());
      const late = aUser();
      expect(await store.auth.redeemInvite(invite.id, late)).to.deep.equal({ outcome: 'invite_exhausted' });
      expect(await store.auth.findUserByEmail(late.email)).to.equal(null);
      expect(await usedCount()).to.equal(2);
    });

    it('answers email_taken without consuming a use or changing the existing user', async () => {
      const existing = aUser({ email: 'ada@example.com' });
      await store.auth.insertUser(existing);
      expect(await store.auth.redeemInvite(invite.id, aUser({ email: 'ada@example.com' }))).to.deep.equal({ outcome: 'email_taken' });
      expect(await usedCount()).to.equal(0);
      expect(await store.auth.findUserByEmail('ada@example.com')).to.deep.equal(existing);
    });

    it('treats an unknown invite id as exhausted and writes nothing', async () => {
      const user = aUser();
      expect(await store.auth.redeemInvite(aUser().id, user)).to.deep.equal({ outcome: 'invite_exhausted' });
      expect(await store.auth.findUserByEmail(user.email)).to.equal(null);
    });

    it('runs `then` through the new user\'s scope in the same transaction and hands back its result', async () => {
      const user = aUser();
      const session = aSession(user.id);
      const redeemed = await store.auth.redeemInvite(invite.id, user, async (scope) => {
        await scope.insertSession(session);
        return scope.userId;
      });
      expect(redeemed).to.deep.equal({ outcome: 'inserted', user, result: user.id });
      expect(await store.auth.findSessionByTokenHash(session.tokenHash)).to.deep.equal({ session, user: toCredentialOwner(user) });
    });

    it('keeps nothing when `then` fails: no user, no use counted, no session', async () => {
      const user = aUser();
      const session = aSession(user.id);
      const failure = await store.auth
        .redeemInvite(invite.id, user, async (scope) => {
          await scope.insertSession(session);
          throw new Error('the event insert failed');
        })
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await store.auth.findUserByEmail(user.email)).to.equal(null);
      expect(await store.auth.findSessionByTokenHash(session.tokenHash)).to.equal(null);
      expect(await usedCount()).to.equal(0);
    });

    it('never passes max_uses when redemptions overlap', async () => {
      const users = Array.from({ length: 6 }, () => aUser());
      const outcomes = (await Promise.all(users.map((user) => store.auth.redeemInvite(invite.id, user)))).map((r) => r.outcome);
      expect(outcomes.filter((o) => o === 'inserted')).to.have.length(2);
      expect(outcomes.filter((o) => o === 'invite_exhausted')).to.have.length(4);
      expect(await usedCount()).to.equal(2);
    });

    describe('with a first sign-in (redeemInviteSigningIn)', () => {
      const ALL = { limit: 100, before: null };
      // Records the ids it was made for; the session and the event name the new user, as a registration's do.
      const firstSignIn = (madeFor: UserId[], overrides: Partial<Session> = {}) => (userId: UserId) => {
        madeFor.push(userId);
        const session = aSession(userId, { authMethods: ['pwd'], ...overrides });
        return { session, event: anEvent(userId, { type: 'registered' }), result: session.id };
      };

      it('creates the user, counts one use, and writes the session and the event for the new user', async () => {
        const [user, madeFor] = [aUser(), [] as UserId[]];
        const redeemed = await store.auth.redeemInviteSigningIn(invite.id, user, firstSignIn(madeFor));
        expect(madeFor).to.deep.equal([user.id]);
        const sessions = await store.scopes.open(user.id).listSessions();
        expect(redeemed).to.deep.equal({ outcome: 'inserted', user, result: sessions[0]?.id });
        expect(await store.auth.findUserByEmail(user.email)).to.deep.equal(user);
        expect(await usedCount()).to.equal(1);
        expect(sessions).to.have.length(1);
        expect((await store.scopes.open(user.id).findSessionSignIn(sessions[0]!.id))?.authMethods).to.deep.equal(['pwd']);
        expect((await store.scopes.open(user.id).listEvents(ALL)).map((e) => e.type)).to.deep.equal(['registered']);
      });

      it('makes no sign-in and writes nothing for an exhausted or unknown invite, or a taken email', async () => {
        const spent = await issue({ maxUses: 1, usedCount: 1 });
        const existing = aUser();
        await store.auth.insertUser(existing);
        const madeFor: UserId[] = [];
        const late = aUser();
        expect(await store.auth.redeemInviteSigningIn(spent.id, late, firstSignIn(madeFor))).to.deep.equal({ outcome: 'invite_exhausted' });
        expect(await store.auth.redeemInviteSigningIn(aUser().id, late, firstSignIn(madeFor))).to.deep.equal({ outcome: 'invite_exhausted' });
        expect(await store.auth.redeemInviteSigningIn(invite.id, aUser({ email: existing.email }), firstSignIn(madeFor))).to.deep.equal({ outcome: 'email_taken' });
        expect(madeFor).to.deep.equal([]);
        expect(await store.auth.findUserByEmail(late.email)).to.equal(null);
        expect(await usedCount(), 'the use counted before the email clash is given back').to.equal(0);
      });

      it('keeps nothing when the first sign-in cannot be written: no user, no use counted, no event', async () => {
        const owner = aUser();
        await store.auth.insertUser(owner);
        const taken = aSession(owner.id);
        await store.scopes.open(owner.id).insertSession(taken);
        const user = aUser();
        const failure = await store.auth.redeemInviteSigningIn(invite.id, user, firstSignIn([], { tokenHash: taken.tokenHash })).catch((error: unknown) => error);
        expect(failure).to.be.instanceOf(Error);
        expect(await store.auth.findUserByEmail(user.email)).to.equal(null);
        expect(await usedCount()).to.equal(0);
        expect(await store.scopes.open(user.id).listEvents(ALL)).to.deep.equal([]);
        // Nothing was left open: the next registration goes through.
        expect((await store.auth.redeemInviteSigningIn(invite.id, aUser(), firstSignIn([]))).outcome).to.equal('inserted');
      });

      it('never passes max_uses when registrations overlap', async () => {
        const users = Array.from({ length: 6 }, () => aUser());
        const redeemed = await Promise.all(users.map((user) => store.auth.redeemInviteSigningIn(invite.id, user, firstSignIn([]))));
        expect(redeemed.filter((r) => r.outcome === 'inserted')).to.have.length(2);
        expect(redeemed.filter((r) => r.outcome === 'invite_exhausted')).to.have.length(4);
        expect(await usedCount()).to.equal(2);
      });
    });
  });
}
