/**
 * Per-user ceilings (ASVS 2.1.3, 2.4.1): one account cannot grow the database without bound. A
 * login beyond the session quota ends the least recently seen session rather than refusing.
 */
export const API_TOKENS_PER_USER = 100;
export const SESSIONS_PER_USER = 100;
export const LIVE_INVITES_PER_ADMIN = 1_000;
