import type { InviteRedemption } from '../invite-redemption.js';
import type { AccountRecovery } from '../../core/domain/account-recovery.js';
import type { ApiToken } from '../../core/domain/api-token.js';
import type { Invite } from '../../core/domain/invite.js';
import type { PendingLogin } from '../../core/domain/pending-login.js';
import type { Passkey } from '../../core/domain/second-factor.js';
import type { Session } from '../../core/domain/session.js';
import type { UserId } from '../../core/domain/user-id.js';
import { toCredentialOwner, type CredentialOwner, type NewUser, type User } from '../../core/domain/user.js';
import type { PasskeyLoginChallenge } from '../../core/domain/webauthn-challenge.js';
import type { AuthLookups, FirstSignIn, InsertUserOutcome, RedeemOutcome, WithNewUser } from '../../core/ports/auth-lookups.js';
import type { UserScope } from '../../core/ports/user-scopes.js';
import { signInNewUser } from '../sign-in-steps.js';
import { copy, idKey, insertChecked, transactionally, type MemoryTables } from './memory-tables.js';
import { MemoryUserScope } from './memory-user-scope.js';

const findOne = <T>(table: Map<string, T>, matches: (record: T) => boolean): T | null => {
  const found = [...table.values()].find(matches);
  return found === undefined ? null : copy(found);
};

export class MemoryAuthLookups implements AuthLookups, InviteRedemption {
  constructor(private readonly tables: MemoryTables) {}

  async findUserByEmail(email: string): Promise<User | null> {
    return findOne(this.tables.users, (user) => user.email === email);
  }

  // Projected as the Knex adapter selects, so that nothing can come to rely on the hash being there.
  async findSessionByTokenHash(tokenHash: string): Promise<{ session: Session; user: CredentialOwner } | null> {
    const session = findOne(this.tables.sessions, (s) => s.tokenHash === tokenHash);
    const user = session && this.userOf(session.userId);
    return session && user ? { session, user: toCredentialOwner(user) } : null;
  }

  async findApiTokenByTokenHash(tokenHash: string): Promise<{ token: ApiToken; user: CredentialOwner } | null> {
    const token = findOne(this.tables.apiTokens, (t) => t.tokenHash === tokenHash);
    const user = token && this.userOf(token.userId);
    return token && user ? { token, user: toCredentialOwner(user) } : null;
  }

  async findInviteByCodeHash(codeHash: string): Promise<Invite | null> {
    return findOne(this.tables.invites, (invite) => invite.codeHash === codeHash);
  }

  async findPendingLoginBySecretHash(secretHash: string): Promise<{ pending: PendingLogin; user: User } | null> {
    const pending = findOne(this.tables.pendingLogins, (p) => p.secretHash === secretHash);
    const user = pending && this.userOf(pending.userId);
    return pending && user ? { pending, user } : null;
  }

  async findAccountRecoveryByCodeHash(codeHash: string): Promise<{ recovery: AccountRecovery; user: User } | null> {
    const recovery = findOne(this.tables.accountRecoveries, (r) => r.codeHash === codeHash);
    const user = recovery && this.userOf(recovery.userId);
    return recovery && user ? { recovery, user } : null;
  }

  async findPasskeyByCredentialId(credentialId: string): Promise<{ passkey: Passkey; user: User } | null> {
    const passkey = findOne(this.tables.passkeys, (p) => p.credentialId === credentialId);
    const user = passkey && this.userOf(passkey.userId);
    return passkey && user ? { passkey, user } : null;
  }

  async insertPasskeyLoginChallenge(challenge: PasskeyLoginChallenge, now: Date): Promise<void> {
    const table = this.tables.passkeyLoginChallenges;
    for (const [hash, old] of table) if (old.expiresAt.getTime() <= now.getTime()) table.delete(hash);
    if (table.has(challenge.secretHash)) throw new Error('UNIQUE constraint failed');
    table.set(challenge.secretHash, copy(challenge));
  }

  async takePasskeyLoginChallenge(secretHash: string): Promise<PasskeyLoginChallenge | null> {
    const found = this.tables.passkeyLoginChallenges.get(secretHash);
    this.tables.passkeyLoginChallenges.delete(secretHash);
    return found ? copy(found) : null;
  }

  insertUser<T = void>(user: NewUser, then?: WithNewUser<T>): Promise<InsertUserOutcome<T>> {
    return transactionally(this.tables, async () => {
      if (findOne(this.tables.users, (u) => u.email === user.email)) return { outcome: 'email_taken' };
      if (user.username !== null && findOne(this.tables.users, (u) => u.username === user.username)) return { outcome: 'username_taken' };
      return this.inserted(user, then);
    });
  }

  /** Synchronous from check to write, so no other call can interleave (the lock of the Knex version). */
  redeemInvite<T = void>(inviteId: string, user: NewUser, then?: WithNewUser<T>): Promise<RedeemOutcome<T>> {
    return transactionally(this.tables, async (): Promise<RedeemOutcome<T>> => {
      const key = idKey(inviteId);
      const invite = key === null ? undefined : this.tables.invites.get(key);
      if (!invite || invite.usedCount >= invite.maxUses) return { outcome: 'invite_exhausted' };
      if (findOne(this.tables.users, (u) => u.email === user.email)) return { outcome: 'email_taken' };
      if (user.username !== null && findOne(this.tables.users, (u) => u.username === user.username)) return { outcome: 'username_taken' };
      invite.usedCount += 1;
      return this.inserted(user, then);
    });
  }

  redeemInviteSigningIn<T>(inviteId: string, user: NewUser, firstSignIn: FirstSignIn<T>): Promise<RedeemOutcome<T>> {
    return this.redeemInvite(inviteId, user, (scope) => signInNewUser(scope, firstSignIn));
  }

  async deleteSessionByTokenHash(
    tokenHash: string,
    then?: (scope: UserScope, sessionId: string) => Promise<void>,
  ): Promise<{ sessionId: string; userId: UserId } | null> {
    return transactionally(this.tables, async () => {
      const session = [...this.tables.sessions.values()].find((s) => s.tokenHash === tokenHash);
      if (!session) return null;
      this.tables.sessions.delete(session.id);
      if (then) await then(new MemoryUserScope(this.tables, session.userId, true), session.id);
      return { sessionId: session.id, userId: session.userId };
    });
  }

  private async inserted<T>(user: NewUser, then?: WithNewUser<T>): Promise<InsertUserOutcome<T>> {
    insertChecked(this.tables.users, user as User, () => false, true);
    const stored = copy(this.tables.users.get(idKey(user.id) as string) as User);
    const result = then ? await then(new MemoryUserScope(this.tables, stored.id, true)) : (undefined as T);
    return { outcome: 'inserted', user: stored, result };
  }

  private userOf(userId: string): User | null {
    const key = idKey(userId);
    const user = key === null ? undefined : this.tables.users.get(key);
    return user ? copy(user) : null;
  }
}
