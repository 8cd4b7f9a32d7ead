import type { UserId } from './user-id.js';

export interface Session {
  id: string;
  userId: UserId;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  /** When the user last proved who it is on this session (login, step-up, password change…). */
  authenticatedAt: Date;
  /** When it last proved a second factor on this session; null if never. */
  secondFactorAt: Date | null;
  /**
   * How it was opened (RFC 8176). Written with the session; the per-request lookup does not read it
   * back (findSessionSignIn does), so a session read from the store may lack it.
   */
  authMethods?: readonly AuthMethod[];
}

/** RFC 8176 authentication method references: a password, a one-time code, a passkey, two of them. */
export type AuthMethod = 'pwd' | 'otp' | 'hwk' | 'mfa';

/** When and how the user proved who it is on one session: the ID token's `auth_time` and `amr`. */
export interface SessionSignIn {
  sessionId: string;
  authenticatedAt: Date;
  authMethods: AuthMethod[];
}

const AUTH_METHODS: readonly string[] = ['pwd', 'otp', 'hwk', 'mfa'];

/** A session opened from another one with the password proved again: `pwd`, its factors, and `mfa` when it has one. */
export const withPassword = (methods: readonly AuthMethod[]): AuthMethod[] => {
  const factors = methods.filter((method) => method === 'otp' || method === 'hwk');
  return factors.length > 0 ? ['pwd', ...factors, 'mfa'] : ['pwd'];
};

/**
 * A session proved with a second factor after it opened (a step-up, an enrolment) carries `mfa` too:
 * the access policy's require_mfa reads the same proof at both doors (forward auth reads secondFactorAt).
 */
export const withSecondFactorProof = (methods: readonly AuthMethod[], secondFactorAt: Date | null): AuthMethod[] =>
  secondFactorAt === null || methods.includes('mfa') ? [...methods] : [...methods, 'mfa'];

/** As stored: space-separated; unknown words are dropped, a session opened before 0008 has none. */
export const parseAuthMethods = (stored: string | null): AuthMethod[] =>
  (stored ?? '').split(' ').filter((word): word is AuthMethod => AUTH_METHODS.includes(word));

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** NIST SP 800-63B AAL1: 7 days idle (sliding), 30 days absolute. */
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
export const LAST_SEEN_RESOLUTION_MS = MINUTE_MS;
export const USER_AGENT_MAX = 256;

export const absoluteExpiry = (session: Pick<Session, 'createdAt'>): Date =>
  new Date(session.createdAt.getTime() + SESSION_ABSOLUTE_MS);

export const isSessionExpired = (session: Pick<Session, 'createdAt' | 'expiresAt'>, now: Date): boolean =>
  session.expiresAt.getTime() <= now.getTime() || absoluteExpiry(session).getTime() <= now.getTime();

export const initialExpiry = (now: Date): Date => new Date(now.getTime() + SESSION_IDLE_MS);

/**
 * The write a request makes on its session, or null when none is due: the expiry slides once less
 * than half of the idle lifetime is left (capped at the absolute limit), and last_seen_at is
 * coalesced to one write per minute so that the read path stays read-only.
 */
export const sessionTouch = (
  session: Pick<Session, 'createdAt' | 'expiresAt' | 'lastSeenAt'>,
  now: Date,
): { expiresAt: Date; lastSeenAt: Date; renewed: boolean } | null => {
  const remaining = session.expiresAt.getTime() - now.getTime();
  const renewed = remaining < SESSION_IDLE_MS / 2;
  const stale = now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;
  if (!renewed && !stale) return null;
  const slid = Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiry(session).getTime());
  const expiresAt = renewed ? new Date(slid) : session.expiresAt;
  return { expiresAt, lastSeenAt: now, renewed: renewed && expiresAt.getTime() > session.expiresAt.getTime() };
};

export const truncateUserAgent = (userAgent: string | null | undefined): string | null =>
  userAgent ? Array.from(userAgent).slice(0, USER_AGENT_MAX).join('') : null;
