import { expect } from 'chai';
import type { UserId } from '../../src/core/domain/user-id.js';
import { aSession, anApiToken, anInvite, at } from './fixtures.js';
import type { TwoUsers } from './user-scopes.contract.js';

const NOT_A_UUID = 'not-a-uuid';

/** Sessions, API tokens and invites through a scope: Ada's scope never reaches Bob's rows. */
export function userScopeOwnedRowsContract(given: TwoUsers): void {
  const scopeOf = (userId: UserId) => given.store.scopes.open(userId);

  describe('sessions', () => {
    it('finds its own session; another user\'s, an unknown or a malformed id is null', async () => {
      const [mine, theirs] = [aSession(given.ada.id), aSession(given.bob.id)];
      await scopeOf(given.ada.id).insertSession(mine);
      await scopeOf(given.bob.id).insertSession(theirs);
      expect(await scopeOf(given.ada.id).findSession(mine.id)).to.deep.equal(mine);
      expect(await scopeOf(given.ada.id).findSession(theirs.id)).to.equal(null);
      expect(await scopeOf(given.ada.id).findSession(NOT_A_UUID)).to.equal(null);
    });

    it('lists only its own sessions, newest first', async () => {
      const older = aSession(given.ada.id, { createdAt: at('2026-01-01T00:00:00.000Z') });
      const newer = aSession(given.ada.id, { createdAt: at('2026-01-01T00:00:00.001Z') });
      await scopeOf(given.ada.id).insertSession(older);
      await scopeOf(given.ada.id).insertSession(newer);
      await scopeOf(given.bob.id).insertSession(aSession(given.bob.id));
      expect(await scopeOf(given.ada.id).listSessions()).to.deep.equal([newer, older]);
    });

    it('lists API tokens newest first', async () => {
      const older = anApiToken(given.ada.id, { createdAt: at('2026-01-01T00:00:00.000Z') });
      const newer = anApiToken(given.ada.id, { createdAt: at('2026-01-01T00:00:00.001Z') });
      await scopeOf(given.ada.id).insertApiToken(older);
      await scopeOf(given.ada.id).insertApiToken(newer);
      expect(await scopeOf(given.ada.id).listApiTokens()).to.deep.equal([newer, older]);
    });

    it('inserts a session for its own user whatever the record says', async () => {
      const session = aSession(given.bob.id);
      await scopeOf(given.ada.id).insertSession(session);
      expect(await scopeOf(given.ada.id).listSessions()).to.deep.equal([{ ...session, userId: given.ada.id }]);
      expect(await scopeOf(given.bob.id).listSessions()).to.deep.equal([]);
    });

    it('touches its own session and not another user\'s', async () => {
      const [mine, theirs] = [aSession(given.ada.id), aSession(given.bob.id)];
      await scopeOf(given.ada.id).insertSession(mine);
      await scopeOf(given.bob.id).insertSession(theirs);
      const changes = { expiresAt: at('2026-03-01T00:00:00.000Z'), lastSeenAt: at('2026-02-22T00:00:00.000Z') };
      await scopeOf(given.ada.id).touchSession(mine.id, changes);
      await scopeOf(given.ada.id).touchSession(theirs.id, changes);
      expect(await scopeOf(given.ada.id).findSession(mine.id)).to.deep.equal({ ...mine, ...changes });
      expect(await scopeOf(given.bob.id).findSession(theirs.id)).to.deep.equal(theirs);
    });

    it('deletes its own session; another user\'s answers false and survives', async () => {
      const [mine, theirs] = [aSession(given.ada.id), aSession(given.bob.id)];
      await scopeOf(given.ada.id).insertSession(mine);
      await scopeOf(given.bob.id).insertSession(theirs);
      expect(await scopeOf(given.ada.id).deleteSession(theirs.id)).to.equal(false);
      expect(await scopeOf(given.ada.id).deleteSession(mine.id)).to.equal(true);
      expect(await scopeOf(given.ada.id).deleteSession(mine.id)).to.equal(false);
      expect(await scopeOf(given.bob.id).findSession(theirs.id)).to.deep.equal(theirs);
    });

    it('deletes all its other sessions, or all of them, and none of another user\'s', async () => {
      const [keep, drop1, drop2, theirs] = [aSession(given.ada.id), aSession(given.ada.id), aSession(given.ada.id), aSession(given.bob.id)];
      for (const s of [keep, drop1, drop2]) await scopeOf(given.ada.id).insertSession(s);
      await scopeOf(given.bob.id).insertSession(theirs);
      expect(await scopeOf(given.ada.id).deleteSessionsExcept(keep.id)).to.equal(2);
      expect(await scopeOf(given.ada.id).listSessions()).to.deep.equal([keep]);
      expect(await scopeOf(given.ada.id).deleteSessionsExcept(null)).to.equal(1);
      expect(await scopeOf(given.ada.id).listSessions()).to.deep.equal([]);
      expect(await scopeOf(given.bob.id).listSessions()).to.deep.equal([theirs]);
    });
  });

  describe('API tokens and invites', () => {
    it('lists, touches and deletes only its own API tokens', async () => {
      const mine = anApiToken(given.ada.id, { expiresAt: at('2027-01-01T00:00:00.000Z') });
      const theirs = anApiToken(given.bob.id);
      await scopeOf(given.ada.id).insertApiToken(mine);
      await scopeOf(given.bob.id).insertApiToken(theirs);
      const used = at('2026-05-05T05:05:05.505Z');
      await scopeOf(given.ada.id).touchApiToken(mine.id, used);
      await scopeOf(given.ada.id).touchApiToken(theirs.id, used);
      expect(await scopeOf(given.ada.id).listApiTokens()).to.deep.equal([{ ...mine, lastUsedAt: used }]);
      expect(await scopeOf(given.ada.id).deleteApiToken(theirs.id)).to.equal(false);
      expect(await scopeOf(given.bob.id).listApiTokens()).to.deep.equal([theirs]);
      expect(await scopeOf(given.ada.id).deleteApiToken(mine.id)).to.equal(true);
      expect(await scopeOf(given.ada.id).listApiTokens()).to.deep.equal([]);
    });

    it('inserts an invite created by its own user whatever the record says', async () => {
      const invite = anInvite(given.bob.id);
      await scopeOf(given.ada.id).insertInvite(invite);
      expect(await given.store.auth.findInviteByCodeHash(invite.codeHash)).to.deep.equal({ ...invite, createdBy: given.ada.id });
    });

    it('keeps at most 100 sessions: inserting the 101st deletes the least recently seen', async () => {
      const seenAt = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
      const sessions = Array.from({ length: 100 }, (_, i) => aSession(given.ada.id, { lastSeenAt: seenAt(100 - i) }));
      for (const session of sessions) await scopeOf(given.ada.id).insertSession(session);
      await scopeOf(given.bob.id).insertSession(aSession(given.bob.id, { lastSeenAt: seenAt(0) }));
      const newest = aSession(given.ada.id, { lastSeenAt: seenAt(200) });
      await scopeOf(given.ada.id).insertSession(newest);
      const kept = (await scopeOf(given.ada.id).listSessions()).map((s) => s.id);
      expect(kept).to.have.length(100);
      expect(kept).to.include(newest.id);
      expect(kept).not.to.include(sessions[99]!.id);
      expect(await scopeOf(given.bob.id).listSessions(), "another user's oldest is not touched").to.have.length(1);
    });

    it('counts only its own API tokens', async () => {
      for (let i = 0; i < 3; i++) await scopeOf(given.ada.id).insertApiToken(anApiToken(given.ada.id));
      await scopeOf(given.bob.id).insertApiToken(anApiToken(given.bob.id));
      expect([await scopeOf(given.ada.id).countApiTokens(), await scopeOf(given.bob.id).countApiTokens()]).to.deep.equal([3, 1]);
    });

    it('hands out copies of listed rows', async () => {
      const session = aSession(given.ada.id);
      await scopeOf(given.ada.id).insertSession(session);
      const [listed] = await scopeOf(given.ada.id).listSessions();
      listed!.expiresAt.setTime(0);
      expect(await scopeOf(given.ada.id).findSession(session.id)).to.deep.equal(session);
    });
  });
}
