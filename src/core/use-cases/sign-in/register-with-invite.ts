import { DomainError } from '../../domain/errors.js';
import { hasUsesLeft, isInviteExpired } from '../../domain/invite.js';
import { toPublicUser, type PublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { parse, registerRules } from '../../rules.js';
import { endPresentedSession } from './end-presented-session.js';
import { ensurePasswordPolicy } from '../account/ensure-password-policy.js';
import { newSession } from './new-session.js';
import type { ThrottleGuard } from './throttle-guard.js';
import { trailEvent } from '../trail-event.js';
import type { SessionGrant, SignInContext } from '../views.js';

interface RegisterInput {
  invite_code: string;
  email: string;
  password: string;
  display_name: string;
  username: string | null;
}

export type RegisterWithInvite = (input: unknown, context: SignInContext) => Promise<{ user: PublicUser; session: SessionGrant }>;

/** docs/api.md's order after the address limit (§9): body, invite known, uses left, email free, then one atomic write. */
export const makeRegisterWithInvite =
  (deps: Pick<Ports, 'auth' | 'hasher' | 'blocklist' | 'secrets' | 'ids' | 'clock'>, guard: ThrottleGuard): RegisterWithInvite =>
  async (input, context) => {
    await guard.admitAddress(context.clientAddress);
    const body = parse<RegisterInput>(registerRules, input);
    await ensurePasswordPolicy(deps, body.password, { email: body.email, displayName: body.display_name }, 'password');
    const invite = await deps.auth.findInviteByCodeHash(deps.secrets.hashOf(body.invite_code));
    if (!invite || isInviteExpired(invite, deps.clock.now())) throw new DomainError('invite_invalid');
    if (!hasUsesLeft(invite)) throw new DomainError('invite_exhausted');
    if (await deps.auth.findUserByEmail(body.email)) throw new DomainError('email_taken');
    // Hashed before the transaction opens, so no lock is held during argon2.
    const passwordHash = await deps.hasher.hash(body.password);
    const now = deps.clock.now();
    const candidate = { id: deps.ids.next(), email: body.email, displayName: body.display_name, username: body.username, passwordHash, role: 'member' as const, createdAt: now, updatedAt: now, disabledAt: null, lastLoginAt: null };
    // The invite's use, the user, its first session and the trail's first event commit together.
    const redeemed = await deps.auth.redeemInviteSigningIn(invite.id, candidate, (userId) => {
      const opened = newSession(deps, userId, context.userAgent, ['pwd']);
      return { session: opened.session, event: trailEvent(deps, 'registered', context), result: opened.grant };
    });
    if (redeemed.outcome !== 'inserted') throw new DomainError(redeemed.outcome);
    await endPresentedSession(deps, context);
    return { user: toPublicUser(redeemed.user), session: redeemed.result };
  };
