import type { ApiToken } from '../domain/api-token.js';
import type { Invite } from '../domain/invite.js';
import type { Passkey } from '../domain/second-factor.js';
import type { Session } from '../domain/session.js';
import type { ApiTokenView, InviteView, PasskeyView, SessionView } from './views.js';

export const toSessionView = (session: Session, currentId: string | null): SessionView => ({
  id: session.id,
  createdAt: session.createdAt,
  expiresAt: session.expiresAt,
  lastSeenAt: session.lastSeenAt,
  userAgent: session.userAgent,
  current: session.id === currentId,
  mfa: session.secondFactorAt !== null,
});

export const toApiTokenView = (token: ApiToken): ApiTokenView => ({
  id: token.id,
  name: token.name,
  createdAt: token.createdAt,
  expiresAt: token.expiresAt,
  lastUsedAt: token.lastUsedAt,
});

export const toInviteView = (invite: Invite): InviteView => ({
  id: invite.id,
  maxUses: invite.maxUses,
  usedCount: invite.usedCount,
  createdAt: invite.createdAt,
  expiresAt: invite.expiresAt,
});

export const toPasskeyView = (passkey: Passkey): PasskeyView => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt,
  lastUsedAt: passkey.lastUsedAt,
});
