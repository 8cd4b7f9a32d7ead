import { expect } from 'chai';
import { toCredentialOwner } from '../../src/core/domain/user.js';
import { aSession, aUser, anApiToken, anEvent, anInvite } from './fixtures.js';
import { redeemInviteContract } from './redeem-invite.contract.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

/** The AuthLookups port: exact matches on unique keys and the inserts that create those rows. */
export function authLookupsContract(adapter: string, factory: StoreFactory): void {
  describe(`AuthLookups contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterEach(() => subject.cleanup());

    it('finds an inserted user by its exact email, with every field and instant intact', async () => {
      const user = aUser({ role: 'admin' });
      expect(await store.auth.insertUser(user)).to.deep.equal({ outcome: 'inserted', user, result: undefined });
      expect(await store.auth.findUserByEmail(user.email)).to.deep.equal(user);
    });

    it('answers null for an unknown email', async () => {
      await store.auth.insertUser(aUser({ email: 'ada@example.com' }));
      expect(await store.auth.findUserByEmail('bob@example.com')).to.equal(null);
    });

    it('refuses a second user with the same email and keeps the first unchanged', async () => {
      const first = aUser({ email: 'ada@example.com', displayName: 'First' });
      await store.auth.insertUser(first);
      const second = await store.auth.insertUser(aUser({ email: 'ada@example.com', displayName: 'Second' }));
      expect(second).to.deep.equal({ outcome: 'email_taken' });
      expect(await store.auth.findUserByEmail('ada@example.com')).to.deep.equal(first);
    });

    it('runs `then` in the insert\'s transaction through the new user\'s scope, and keeps nothing if it fails', async () => {
      const kept = aUser();
      const inserted = await store.auth.insertUser(kept, async (scope) => {
        await scope.recordEvent(anEvent(scope.userId));
        return 'done';
      });
      expect(inserted).to.deep.equal({ outcome: 'inserted', user: kept, result: 'done' });
      expect(await store.scopes.open(kept.id).listEvents({ limit: 10, before: null })).to.have.length(1);
      const dropped = aUser();
      const failure = await store.auth
        .insertUser(dropped, async () => {
          throw new Error('the event insert failed');
        })
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await store.auth.findUserByEmail(dropped.email)).to.equal(null);
    });

    it('hands out copies, so changing a returned record changes nothing stored', async () => {
      const user = aUser();
      await store.auth.insertUser(user);
      const found = await store.auth.findUserByEmail(user.email);
      found!.displayName = 'Mallory';
      found!.createdAt.setTime(0);
      expect(await store.auth.findUserByEmail(user.email)).to.deep.equal(user);
    });

    it('finds a session and its user by token hash in one answer, its proofs intact', async () => {
      const user = aUser();
      const session = aSession(user.id, { userAgent: null, secondFactorAt: new Date('2026-01-02T03:04:06.000Z') });
      await store.auth.insertUser(user);
      await store.scopes.open(user.id).insertSession(session);
      expect(await store.auth.findSessionByTokenHash(session.tokenHash)).to.deep.equal({ session, user: toCredentialOwner(user) });
      expect(await store.auth.findSessionByTokenHash('0'.repeat(64))).to.equal(null);
    });

    it('answers a session or a token with only the owner fields a principal needs: never the password hash', async () => {
      const user = aUser({ disabledAt: new Date('2026-01-02T03:04:05.000Z') });
      const [session, token] = [aSession(user.id), anApiToken(user.id)];
      await store.auth.insertUser(user);
      await store.scopes.open(user.id).insertSession(session);
      await store.scopes.open(user.id).insertApiToken(token);
      const owners = [(await store.auth.findSessionByTokenHash(session.tokenHash))?.user, (await store.auth.findApiTokenByTokenHash(token.tokenHash))?.user];
      const expected = { id: user.id, email: user.email, displayName: user.displayName, username: user.username, role: user.role, createdAt: user.createdAt, disabledAt: user.disabledAt };
      expect(owners).to.deep.equal([expected, expected]);
    });

    it('rejects a session for a user that does not exist', async () => {
      const ghost = aUser();
      const error = await store.scopes
        .open(ghost.id)
        .insertSession(aSession(ghost.id))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
    });

    it('rejects a second session with the same token hash', async () => {
      const user = aUser();
      await store.auth.insertUser(user);
      const session = aSession(user.id);
      await store.scopes.open(user.id).insertSession(session);
      const error = await store.scopes
        .open(user.id)
        .insertSession(aSession(user.id, { tokenHash: session.tokenHash }))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
    });

    it('deletes exactly the session with the given token hash', async () => {
      const user = aUser();
      await store.auth.insertUser(user);
      const [gone, kept] = [aSession(user.id), aSession(user.id)];
      await store.scopes.open(user.id).insertSession(gone);
      await store.scopes.open(user.id).insertSession(kept);
      expect(await store.auth.deleteSessionByTokenHash(gone.tokenHash)).to.deep.equal({ sessionId: gone.id, userId: user.id });
      expect(await store.auth.findSessionByTokenHash(gone.tokenHash)).to.equal(null);
      expect(await store.auth.deleteSessionByTokenHash(gone.tokenHash), 'already gone').to.equal(null);
      expect(await store.auth.findSessionByTokenHash(kept.tokenHash)).to.deep.equal({ session: kept, user: toCredentialOwner(user) });
    });

    it('runs `then` through the deleted session\'s owner, in the same transaction', async () => {
      const [owner, other] = [aUser(), aUser()];
      await store.auth.insertUser(owner);
      await store.auth.insertUser(other);
      const session = aSession(owner.id);
      await store.scopes.open(owner.id).insertSession(session);
      const seen: string[] = [];
      await store.auth.deleteSessionByTokenHash(session.tokenHash, async (scope, sessionId) => {
        seen.push(scope.userId, sessionId);
        await scope.recordEvent(anEvent(scope.userId, { type: 'logout', targetId: sessionId }));
      });
      expect(seen).to.deep.equal([owner.id, session.id]);
      const [event] = await store.scopes.open(owner.id).listEvents({ limit: 10, before: null });
      expect([event?.type, event?.targetId]).to.deep.equal(['logout', session.id]);
      expect(await store.scopes.open(other.id).listEvents({ limit: 10, before: null })).to.deep.equal([]);
    });

    it('restores the session when `then` fails after the delete', async () => {
      const user = aUser();
      await store.auth.insertUser(user);
      const session = aSession(user.id);
      await store.scopes.open(user.id).insertSession(session);
      const failure = await store.auth
        .deleteSessionByTokenHash(session.tokenHash, async () => {
          throw new Error('the event insert failed');
        })
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await store.auth.findSessionByTokenHash(session.tokenHash)).to.deep.equal({ session, user: toCredentialOwner(user) });
    });

    it('finds an API token and its user by token hash, nulls kept as nulls', async () => {
      const user = aUser();
      await store.auth.insertUser(user);
      const token = anApiToken(user.id);
      await store.scopes.open(user.id).insertApiToken(token);
      expect(await store.auth.findApiTokenByTokenHash(token.tokenHash)).to.deep.equal({ token, user: toCredentialOwner(user) });
      expect(await store.auth.findApiTokenByTokenHash('f'.repeat(64))).to.equal(null);
    });

    it('finds an invite by its code hash', async () => {
      const admin = aUser({ role: 'admin' });
      await store.auth.insertUser(admin);
      const invite = anInvite(admin.id, { maxUses: 3, usedCount: 1 });
      await store.scopes.open(admin.id).insertInvite(invite);
      expect(await store.auth.findInviteByCodeHash(invite.codeHash)).to.deep.equal(invite);
      expect(await store.auth.findInviteByCodeHash('e'.repeat(64))).to.equal(null);
    });

    redeemInviteContract(() => store);
  });
}
