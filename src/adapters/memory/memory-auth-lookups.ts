import type { ApiToken } from '../../core/domain/api-token.js';
import type { Invite } from '../../core/domain/invite.js';
import type { Session } from '../../core/domain/session.js';
import type { User } from '../../core/domain/user.js';
import type { AuthLookups, InsertUserOutcome, RedeemOutcome } from '../../core/ports/auth-lookups.js';
import { copy, idKey, insertChecked, type MemoryTables } from './memory-tables.js';

const findOne = <T>(table: Map<string, T>, matches: (record: T) => boolean): T | null => {
  const found = [...table.values()].find(matches);
  return found === undefined ? null : copy(found);
};

export class MemoryAuthLookups implements AuthLookups {
  constructor(private readonly tables: MemoryTables) {}

  async findUserByEmail(email: string): Promise<User | null> {
    return findOne(this.tables.users, (user) => user.email === email);
  }

  async findSessionByTokenHash(tokenHash: string): Promise<{ session: Session; user: User } | null> {
    const session = findOne(this.tables.sessions, (s) => s.tokenHash === tokenHash);
    const user = session && this.userOf(session.userId);
    return session && user ? { session, user } : null;
  }

  async findApiTokenByTokenHash(tokenHash: string): Promise<{ token: ApiToken; user: User } | null> {
    const token = findOne(this.tables.apiTokens, (t) => t.tokenHash === tokenHash);
    const user = token && this.userOf(token.userId);
    return token && user ? { token, user } : null;
  }

  async findInviteByCodeHash(codeHash: string): Promise<Invite | null> {
    return findOne(this.tables.invites, (invite) => invite.codeHash === codeHash);
  }

  async insertUser(user: User): Promise<InsertUserOutcome> {
    if (findOne(this.tables.users, (u) => u.email === user.email)) return 'email_taken';
    insertChecked(this.tables.users, user, () => false, true);
    return 'inserted';
  }

  /** Synchronous from check to write, so no other call can interleave (the lock of the Knex version). */
  async redeemInvite(inviteId: string, user: User): Promise<RedeemOutcome> {
    const key = idKey(inviteId);
    const invite = key === null ? undefined : this.tables.invites.get(key);
    if (!invite || invite.usedCount >= invite.maxUses) return 'invite_exhausted';
    if (findOne(this.tables.users, (u) => u.email === user.email)) return 'email_taken';
    insertChecked(this.tables.users, user, () => false, true);
    invite.usedCount += 1;
    return 'inserted';
  }

  async insertSession(session: Session): Promise<void> {
    const owner = this.userOf(session.userId) !== null;
    insertChecked(this.tables.sessions, session, (s) => s.tokenHash === session.tokenHash, owner);
  }

  async deleteSessionByTokenHash(tokenHash: string): Promise<{ sessionId: string; userId: string } | null> {
    for (const [id, session] of this.tables.sessions) {
      if (session.tokenHash !== tokenHash) continue;
      this.tables.sessions.delete(id);
      return { sessionId: session.id, userId: session.userId };
    }
    return null;
  }

  private userOf(userId: string): User | null {
    const key = idKey(userId);
    const user = key === null ? undefined : this.tables.users.get(key);
    return user ? copy(user) : null;
  }
}
