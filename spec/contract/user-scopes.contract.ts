import { expect } from 'chai';
import type { UserId } from '../../src/core/domain/user-id.js';
import { toCredentialOwner, type User } from '../../src/core/domain/user.js';
import { factorStoreContract } from './factor-store.contract.js';
import { aSession, aUser, anApiToken, anInvite, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';
import { userScopeOwnedRowsContract } from './user-scope-owned-rows.contract.js';
import { userScopeSignInContract } from './user-scope-sign-in.contract.js';
import { userScopeTrailContract } from './user-scope-trail.contract.js';

export interface TwoUsers {
  store: Store;
  ada: User;
  bob: User;
}

/** The UserScopes port: everything is confined to the scope's user; others' rows look missing. */
export function userScopesContract(adapter: string, factory: StoreFactory): void {
  describe(`UserScopes contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    const given = {} as TwoUsers;
    beforeEach(async () => {
      subject = await factory();
      given.store = subject.store;
      given.ada = aUser({ displayName: 'Ada' });
      given.bob = aUser({ displayName: 'Bob' });
      await given.store.auth.insertUser(given.ada);
      await given.store.auth.insertUser(given.bob);
    });
    afterEach(() => subject.cleanup());

    it('finds its own user and only that one', async () => {
      expect(given.store.scopes.open(given.ada.id).userId).to.equal(given.ada.id);
      expect(await given.store.scopes.open(given.ada.id).findUser()).to.deep.equal(given.ada);
      expect(await given.store.scopes.open(given.bob.id).findUser()).to.deep.equal(given.bob);
    });

    it('refuses at run time too a scope for something that is not a user id (a cast gets past the type)', () => {
      expect(() => given.store.scopes.open('not-a-uuid' as UserId)).to.throw(Error);
    });

    it('updates its own user and leaves the other untouched', async () => {
      const changes = { displayName: 'Countess', passwordHash: 'new-hash', updatedAt: at('2026-02-03T04:05:06.789Z') };
      await given.store.scopes.open(given.ada.id).updateUser(changes);
      expect(await given.store.scopes.open(given.ada.id).findUser()).to.deep.equal({ ...given.ada, ...changes });
      expect(await given.store.scopes.open(given.bob.id).findUser()).to.deep.equal(given.bob);
    });

    it('deletes its user with every session, API token, invite and event, and nothing of the other user', async () => {
      const { store, ada, bob } = given;
      const [adaSession, bobSession] = [aSession(ada.id), aSession(bob.id)];
      await store.scopes.open(ada.id).insertSession(adaSession);
      await store.scopes.open(bob.id).insertSession(bobSession);
      const [token, invite] = [anApiToken(ada.id), anInvite(ada.id)];
      await store.scopes.open(ada.id).insertApiToken(token);
      await store.scopes.open(ada.id).insertInvite(invite);
      await store.scopes.open(ada.id).deleteUser();
      expect(await store.auth.findUserByEmail(ada.email)).to.equal(null);
      expect(await store.auth.findSessionByTokenHash(adaSession.tokenHash)).to.equal(null);
      expect(await store.auth.findApiTokenByTokenHash(token.tokenHash)).to.equal(null);
      expect(await store.auth.findInviteByCodeHash(invite.codeHash)).to.equal(null);
      expect(await store.auth.findSessionByTokenHash(bobSession.tokenHash)).to.deep.equal({ session: bobSession, user: toCredentialOwner(bob) });
    });

    userScopeOwnedRowsContract(given);
    userScopeTrailContract(given);
    userScopeSignInContract(given);
    factorStoreContract(given);
  });
}
