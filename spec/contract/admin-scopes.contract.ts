import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import type { User } from '../../src/core/domain/user.js';
import type { AdminScope } from '../../src/core/ports/admin-scopes.js';
import { aSession, aUser, anAdmin, anEvent, anInvite, at } from './fixtures.js';
import type { Store, StoreFactory, StoreUnderTest } from './store-factory.js';

const T0 = at('2026-01-02T03:04:05.678Z');
const page = { emailPrefix: null, limit: 100, after: null };
const allEvents = { userId: null, type: null, limit: 100, before: null };

/** The AdminScopes port: cross-user reads for an admin, and each target's own scope on its connection. */
export function adminScopesContract(adapter: string, factory: StoreFactory): void {
  describe(`AdminScopes contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    let store: Store;
    let admin: User;
    let users: User[];
    let scope: AdminScope;
    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
      // Inserted out of id order: the list orders by id (UUIDv7, so by creation), not by insertion.
      const ids = [uuidv7(), uuidv7(), uuidv7()] as const;
      admin = aUser({ id: ids[0] as User['id'], email: 'root@example.com', role: 'admin' });
      users = [
        aUser({ id: ids[2] as User['id'], email: 'a_b%c@example.com', disabledAt: at('2026-03-01T00:00:00.000Z') }),
        aUser({ id: ids[1] as User['id'], email: 'abc@example.com', lastLoginAt: at('2026-02-01T00:00:00.000Z') }),
      ];
      for (const user of [users[0]!, admin, users[1]!]) await store.auth.insertUser(user);
      scope = store.admins.open(anAdmin(admin.id));
    });
    afterEach(() => subject.cleanup());

    it('lists every user oldest first by id, with disabled and last-login as stored, a page at a time', async () => {
      const all = await scope.listUsers(page);
      expect(all.map((u) => u.user)).to.deep.equal([admin, users[1], users[0]]);
      expect(all.map((u) => u.mfa)).to.deep.equal([false, false, false]);
      const first = await scope.listUsers({ ...page, limit: 2 });
      expect(first.map((u) => u.user.id)).to.deep.equal([admin.id, users[1]!.id]);
      const rest = await scope.listUsers({ ...page, after: users[1]!.id });
      expect(rest.map((u) => u.user.id)).to.deep.equal([users[0]!.id]);
      expect(await scope.listUsers({ ...page, after: 'not-a-uuid' })).to.deep.equal([]);
    });

    it('filters on an email prefix literally (% and _ are plain characters)', async () => {
      expect((await scope.listUsers({ ...page, emailPrefix: 'a_b%' })).map((u) => u.user.email)).to.deep.equal(['a_b%c@example.com']);
      expect((await scope.listUsers({ ...page, emailPrefix: 'ab' })).map((u) => u.user.email)).to.deep.equal(['abc@example.com']);
      expect(await scope.listUsers({ ...page, emailPrefix: 'A' })).to.deep.equal([]);
    });

    it('flags a user with a confirmed TOTP or a passkey as having MFA, not one with an unconfirmed TOTP', async () => {
      const [withTotp, withPasskey, pending] = [admin, users[0]!, users[1]!];
      await store.scopes.open(withTotp.id).factors.insertTotp({ id: uuidv7(), userId: withTotp.id, sealedSecret: 's', createdAt: T0, confirmedAt: T0, lastUsedStep: 0 });
      await store.scopes.open(pending.id).factors.insertTotp({ id: uuidv7(), userId: pending.id, sealedSecret: 's', createdAt: T0, confirmedAt: null, lastUsedStep: 0 });
      await store.scopes.open(withPasskey.id).factors.insertPasskey({
        id: uuidv7(), userId: withPasskey.id, name: 'Key', credentialId: uuidv7(), publicKey: 'pk', counter: 0, transports: '', createdAt: T0, lastUsedAt: null,
      });
      const mfa = Object.fromEntries((await scope.listUsers(page)).map((u) => [u.user.id, u.mfa]));
      expect(mfa).to.deep.equal({ [withTotp.id]: true, [withPasskey.id]: true, [pending.id]: false });
      expect((await scope.findUser(withPasskey.id))?.mfa).to.equal(true);
    });

    it('finds one user by id or email, with that user\'s own scope; unknown or malformed is null', async () => {
      const found = await scope.findUser(users[1]!.id.toUpperCase());
      expect(found?.user).to.deep.equal(users[1]);
      expect(found?.scope.userId).to.equal(users[1]!.id);
      expect(await found?.scope.findUser()).to.deep.equal(users[1]);
      expect((await scope.findUserByEmail('root@example.com'))?.user).to.deep.equal(admin);
      expect(await scope.findUser(uuidv7())).to.equal(null);
      expect(await scope.findUser('not-a-uuid')).to.equal(null);
      expect(await scope.findUserByEmail('nobody@example.com')).to.equal(null);
    });

    it('counts the enabled admins', async () => {
      expect(await scope.countEnabledAdmins()).to.equal(1);
      await store.scopes.open(users[1]!.id).updateUser({ role: 'admin' });
      expect(await scope.countEnabledAdmins()).to.equal(2);
      await store.scopes.open(admin.id).updateUser({ disabledAt: T0 });
      expect(await scope.countEnabledAdmins()).to.equal(1);
    });

    it("lists every admin's invites newest first, counts the live ones per creator and deletes one", async () => {
      const other = users[1]!;
      const older = anInvite(admin.id, { createdAt: at('2026-01-01T00:00:00.000Z'), expiresAt: at('2026-01-05T00:00:00.000Z') });
      const newer = anInvite(other.id, { createdAt: at('2026-01-03T00:00:00.000Z'), expiresAt: at('2026-01-09T00:00:00.000Z') });
      await store.scopes.open(admin.id).insertInvite(older);
      await store.scopes.open(other.id).insertInvite(newer);
      expect(await scope.listInvites()).to.deep.equal([newer, older]);
      expect(await scope.countLiveInvites(admin.id, at('2026-01-04T00:00:00.000Z'))).to.equal(1);
      expect(await scope.countLiveInvites(admin.id, at('2026-01-05T00:00:00.000Z'))).to.equal(0);
      expect(await scope.deleteInvite(newer.id)).to.equal(other.id);
      expect(await scope.deleteInvite(newer.id)).to.equal(null);
      expect(await scope.deleteInvite('not-a-uuid')).to.equal(null);
      expect(await store.auth.findInviteByCodeHash(newer.codeHash)).to.equal(null);
    });

    it("lists every user's events newest first, filtered by user and type, a page at a time", async () => {
      const [a, b, c] = [anEvent(admin.id, { id: uuidv7() }), anEvent(users[0]!.id, { id: uuidv7(), type: 'user_disabled' }), anEvent(admin.id, { id: uuidv7(), type: 'user_disabled' })];
      await store.scopes.open(admin.id).recordEvent(a);
      await store.scopes.open(users[0]!.id).recordEvent(b);
      await store.scopes.open(admin.id).recordEvent(c);
      expect((await scope.listEvents(allEvents)).map((e) => e.id)).to.deep.equal([c.id, b.id, a.id]);
      expect(await scope.listEvents({ ...allEvents, userId: users[0]!.id })).to.deep.equal([b]);
      expect((await scope.listEvents({ ...allEvents, type: 'user_disabled' })).map((e) => e.id)).to.deep.equal([c.id, b.id]);
      expect((await scope.listEvents({ ...allEvents, limit: 1, before: c.id })).map((e) => e.id)).to.deep.equal([b.id]);
      expect(await scope.listEvents({ ...allEvents, userId: 'not-a-uuid' })).to.deep.equal([]);
    });

    it("commits a target's changes with their event, or keeps nothing when the work fails", async () => {
      const target = users[1]!;
      const session = aSession(target.id);
      await store.scopes.open(target.id).insertSession(session);
      const failure = await scope
        .transaction(async (tx) => {
          const found = await tx.findUser(target.id);
          await found!.scope.updateUser({ disabledAt: T0 });
          await found!.scope.deleteSessionsExcept(null);
          await found!.scope.recordEvent(anEvent(target.id, { type: 'user_disabled', actor: 'admin', actorId: admin.id }));
          throw new Error('the event insert failed');
        })
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await store.scopes.open(target.id).findUser()).to.deep.equal(target);
      expect(await store.scopes.open(target.id).findSession(session.id)).to.deep.equal(session);
      await scope.transaction(async (tx) => {
        const found = await tx.findUser(target.id);
        await found!.scope.updateUser({ disabledAt: T0 });
        await found!.scope.recordEvent(anEvent(target.id, { type: 'user_disabled', actor: 'admin', actorId: admin.id }));
      });
      expect((await store.scopes.open(target.id).findUser())?.disabledAt).to.deep.equal(T0);
      expect((await store.scopes.open(target.id).listEvents({ limit: 10, before: null })).map((e) => e.type)).to.deep.equal(['user_disabled']);
    });

    it('knows who opened it; the operator has no user', () => {
      expect(scope.admin.adminId).to.equal(admin.id);
      expect(store.admins.open(anAdmin(null)).admin.actor).to.equal('operator');
    });
  });
}
