import type { PublicUser } from '../core/domain/user.js';
import type { ApiTokenView, InviteView, MfaView, PasskeyView, SessionView } from '../core/use-cases/views.js';

/** The JSON shapes of CONTRACT §3; field by field, so nothing (role, hashes) leaks by spreading. */
export const toUserOut = (user: PublicUser) => ({
  id: user.id,
  email: user.email,
  display_name: user.displayName,
  created_at: user.createdAt.toISOString(),
});

export const toSessionOut = (session: SessionView) => ({
  id: session.id,
  created_at: session.createdAt.toISOString(),
  expires_at: session.expiresAt.toISOString(),
  last_seen_at: session.lastSeenAt.toISOString(),
  user_agent: session.userAgent,
  current: session.current,
  mfa: session.mfa,
});

export const toApiTokenOut = (token: ApiTokenView) => ({
  id: token.id,
  name: token.name,
  created_at: token.createdAt.toISOString(),
  expires_at: token.expiresAt?.toISOString() ?? null,
  last_used_at: token.lastUsedAt?.toISOString() ?? null,
});

export const toInviteOut = (invite: InviteView) => ({
  id: invite.id,
  max_uses: invite.maxUses,
  used_count: invite.usedCount,
  created_at: invite.createdAt.toISOString(),
  expires_at: invite.expiresAt.toISOString(),
});

export const toPasskeyOut = (passkey: PasskeyView) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
});

export const toMfaOut = (mfa: MfaView) => ({
  totp: mfa.totp,
  passkeys: mfa.passkeys.map(toPasskeyOut),
  recovery_codes_left: mfa.recoveryCodesLeft,
});
