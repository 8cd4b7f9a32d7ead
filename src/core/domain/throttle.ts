/** docs/security.md: both limits count within one fixed window of 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const MAX_RETRY_AFTER_SECONDS = THROTTLE_WINDOW_MS / 1000;

export interface ThrottleLimits {
  /** Failed logins per normalised email (and per trusted device) within the window; 0 turns the limit off. */
  loginFailuresPerEmail: number;
  /** Login and registration requests per client address within the window; 0 turns it off. */
  authAttemptsPerAddress: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { loginFailuresPerEmail: 10, authAttemptsPerAddress: 100 };

/** Whole seconds until the window frees: at least 1 (a 0 invites a hot retry loop), at most 900. */
export const retryAfterSeconds = (resetsAt: Date, now: Date): number => {
  const seconds = Math.ceil((resetsAt.getTime() - now.getTime()) / 1000);
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
};

/** Limiter keys: the per-email key is the normalised email whether or not an account has it. */
export const emailKey = (normalizedEmail: string): string => `login-email:${normalizedEmail}`;
/** Recovery attempts count apart from logins: a user who has just failed ten logins can still recover. */
export const recoveryEmailKey = (normalizedEmail: string): string => `recover-email:${normalizedEmail}`;
export const addressKey = (clientAddress: string): string => `auth-address:${clientAddress}`;
/** A trusted device's own budget (decision 0018): the same limit and window as an email's. */
export const deviceKey = (device: string): string => `login-device:${device}`;
