import type { UserId } from './user-id.js';

export interface ApiToken {
  id: string;
  userId: UserId;
  name: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** The secret's prefix lets secret scanners find leaked tokens. */
export const API_TOKEN_PREFIX = 'gh_pat_';
export const LAST_USED_RESOLUTION_MS = 60_000;

export const isApiTokenExpired = (token: Pick<ApiToken, 'expiresAt'>, now: Date): boolean =>
  token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime();

export const isLastUsedStale = (token: Pick<ApiToken, 'lastUsedAt'>, now: Date): boolean =>
  token.lastUsedAt === null || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
