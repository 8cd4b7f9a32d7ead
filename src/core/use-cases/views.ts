import type { RequestContext } from '../domain/request-context.js';

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

/** A session secret for the driving adapter to put in a cookie, with when it stops working. */
export interface SessionGrant {
  token: string;
  expiresAt: Date;
}

/** Login and registration end the session whose cookie came along, so none is ever orphaned. */
export interface SignInContext extends RequestContext {
  presentedSessionToken: string | null;
}

export type { RequestContext };
