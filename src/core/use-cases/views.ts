/** What use cases hand back to driving adapters; adapters only rename fields to snake_case. */
export interface SessionView {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  current: boolean;
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

export interface RequestContext {
  userAgent: string | null;
  /** The client's address as the HTTP adapter determined it (for throttling). */
  clientAddress: string;
}
