import type { RequestContext } from '../domain/request-context.js';
import type { SecondFactorMethod } from '../domain/second-factor.js';
import type { Actor, TrailEventType } from '../domain/security-event.js';
import type { PublicUser } from '../domain/user.js';

/** What use cases hand back to driving adapters; adapters only rename fields to snake_case. */
export interface SessionView {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  current: boolean;
  /** Opened, or since proved, with a second factor. */
  mfa: boolean;
}

export interface ApiTokenView {
  id: string;
  name: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface InviteView {
  id: string;
  maxUses: number;
  usedCount: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface MfaView {
  totp: boolean;
  passkeys: PasskeyView[];
  recoveryCodesLeft: number;
}

/** A user as an admin sees it: still no role, no hash. */
export interface AdminUserView {
  user: PublicUser;
  disabled: boolean;
  mfa: boolean;
  lastLoginAt: Date | null;
}

/** A security event as its user or an admin reads it: never a secret, a code or a hash. */
export interface EventView {
  id: string;
  userId: string;
  type: TrailEventType;
  actor: Actor;
  clientAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** A session secret for the driving adapter to put in a cookie, with when it stops working. */
export interface SessionGrant {
  token: string;
  expiresAt: Date;
}

/**
 * Login's answer. Without a second factor, `session` opens the session and `secondStep` is null.
 * With one, nothing is open yet: `secondStep` lists the methods that can complete the login and
 * `session` is the pending login's grant, for a cookie of its own that no other route accepts.
 */
export interface LoginResult {
  user: PublicUser;
  session: SessionGrant;
  secondStep: SecondFactorMethod[] | null;
  /** The device cookie of a completed login (decision 0018); null while a second step is pending. */
  device: SessionGrant | null;
}

/** Login and registration end the session whose cookie came along, so none is ever orphaned. */
export interface SignInContext extends RequestContext {
  presentedSessionToken: string | null;
}

export type { RequestContext };

/** A completed sign-in: the user, its new session, and the device cookie of decision 0018. */
export interface SignedIn {
    user: PublicUser;
    session: SessionGrant;
    device: SessionGrant;
}
