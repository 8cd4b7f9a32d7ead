import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { AccountRecovery } from '../../src/core/domain/account-recovery.js';
import type { UserId } from '../../src/core/domain/user-id.js';
import { aSession, aUser, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');
const ISSUED = at('2026-03-01T10:00:00.000Z');
const EXPIRES = at('2026-03-02T10:00:00.000Z');

const aRecovery = (userId: UserId, overrides: Partial<AccountRecovery> = {}): AccountRecovery => ({
  id: uuidv7(),
  userId,
  codeHash: hashOf(uuidv7()),
  createdAt: ISSUED,
  expiresAt: EXPIRES,
  usedAt: null,
  ...overrides,
});

/**
 * Account-recovery codes: issued and used up through the user's scope, found by hash before identity
 * is known, used once (the conditional statement), and gone with their user.
 */
export function accountRecoveryContract(adapter: string, factory: StoreFactory): void {
  describe(`account recoveries (${adapter})`, () => {
    let under: StoreUnderTest;
    let store: Store;
    let ada: UserId;
    let bob: UserId;
    beforeEach(async () => {
      under = await factory();
      store = under.store;
      const users = [aUser(), aUser()];
      for (const user of users) await store.auth.insertUser(user);
      [ada, bob] = users.map((user) => user.id) as [UserId, UserId];
    });
    afterEach(() => under.cleanup());

    it('is found by its hash with its user, every field kept; an unknown hash finds nothing', async () => {
      const recovery = aRecovery(ada);
      await store.scopes.open(ada).replaceAccountRecovery(recovery);
      const found = await store.auth.findAccountRecoveryByCodeHash(recovery.codeHash);
      expect(found?.recovery).to.deep.equal(recovery);
      expect(found?.user.id).to.equal(ada);
      expect(await store.auth.findAccountRecoveryByCodeHash(hashOf('unknown'))).to.equal(null);
    });

    it('voids the earlier code when a new one is issued', async () => {
      const [first, second] = [aRecovery(ada), aRecovery(ada)];
      await store.scopes.open(ada).replaceAccountRecovery(first);
      await store.scopes.open(ada).replaceAccountRecovery(second);
      expect(await store.auth.findAccountRecoveryByCodeHash(first.codeHash)).to.equal(null);
      expect((await store.auth.findAccountRecoveryByCodeHash(second.codeHash))?.recovery.id).to.equal(second.id);
    });

    it('is used once, only before it expires, and only through its own user\'s scope', async () => {
      const recovery = aRecovery(ada);
      await store.scopes.open(ada).replaceAccountRecovery(recovery);
      expect(await store.scopes.open(bob).useAccountRecovery(recovery.id, ISSUED), 'another user').to.equal(false);
      expect(await store.scopes.open(ada).useAccountRecovery(recovery.id, EXPIRES), 'at its expiry').to.equal(false);
      expect(await store.scopes.open(ada).useAccountRecovery(recovery.id, ISSUED)).to.equal(true);
      expect(await store.scopes.open(ada).useAccountRecovery(recovery.id, ISSUED), 'a second time').to.equal(false);
      expect((await store.auth.findAccountRecoveryByCodeHash(recovery.codeHash))?.recovery.usedAt).to.deep.equal(ISSUED);
    });

    it('rolls the use back with a failed transaction, so the code still works', async () => {
      const recovery = aRecovery(ada);
      await store.scopes.open(ada).replaceAccountRecovery(recovery);
      const failing = store.scopes.open(ada).transaction(async (tx) => {
        await tx.useAccountRecovery(recovery.id, ISSUED);
        throw new Error('later step failed');
      });
      expect(((await failing.catch((error: unknown) => error)) as Error).message).to.equal('later step failed');
      expect(await store.scopes.open(ada).useAccountRecovery(recovery.id, ISSUED)).to.equal(true);
    });

    it('deletes every pending login of the user and none of another', async () => {
      const pending = (userId: UserId) => ({ id: uuidv7(), userId, secretHash: hashOf(uuidv7()), attempts: 0, createdAt: ISSUED, expiresAt: EXPIRES });
      for (const userId of [ada, ada, bob]) await store.scopes.open(userId).factors.insertPendingLogin(pending(userId));
      expect(await store.scopes.open(ada).factors.deletePendingLogins()).to.equal(2);
      expect(await store.scopes.open(bob).factors.deletePendingLogins()).to.equal(1);
    });

    it('goes with its user', async () => {
      const recovery = aRecovery(ada);
      await store.scopes.open(ada).replaceAccountRecovery(recovery);
      await store.scopes.open(ada).insertSession(aSession(ada));
      await store.scopes.open(ada).deleteUser();
      expect(await store.auth.findAccountRecoveryByCodeHash(recovery.codeHash)).to.equal(null);
    });
  });
}
