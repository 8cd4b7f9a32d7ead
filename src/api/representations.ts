import type { PublicUser } from '../core/domain/user.js';
import type { Paged } from '../core/domain/page-cursor.js';
import type { AdminUserView, ApiTokenView, EventView, InviteView, MfaView, PasskeyView, SessionView } from '../core/use-cases/views.js';

/** The JSON shapes of docs/api.md; field by field, so nothing (role, hashes) leaks by spreading. */
export const toUserOut = (user: PublicUser) => ({
  id: user.id,
  email: user.email,
  display_name: user.displayName,
  username: user.username,
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

/** UserOut and what an admin may see besides; still never the role. */
export const toAdminUserOut = (view: AdminUserView) => ({
  ...toUserOut(view.user),
  disabled: view.disabled,
  mfa: view.mfa,
  last_login_at: view.lastLoginAt?.toISOString() ?? null,
});

export const toSecurityEventOut = (event: EventView) => ({
  id: event.id,
  type: event.type,
  created_at: event.createdAt.toISOString(),
  client_address: event.clientAddress,
  user_agent: event.userAgent,
  actor: event.actor,
});

/** An admin reads every user's trail, so each item names its user. */
export const toAdminEventOut = (event: EventView) => ({ ...toSecurityEventOut(event), user_id: event.userId });

export const toPageOut = <T, O>(page: Paged<T>, out: (item: T) => O) => ({ items: page.items.map(out), next_cursor: page.nextCursor });
