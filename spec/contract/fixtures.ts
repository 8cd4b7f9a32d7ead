import { randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { ApiToken } from '../../src/core/domain/api-token.js';
import type { Invite } from '../../src/core/domain/invite.js';
import type { Session } from '../../src/core/domain/session.js';
import type { User } from '../../src/core/domain/user.js';

const hash = (): string => randomBytes(32).toString('hex');
export const at = (iso: string): Date => new Date(iso);

let sequence = 0;

export const aUser = (overrides: Partial<User> = {}): User => {
  sequence += 1;
  return {
    id: uuidv7(),
    email: `user${sequence}-${hash().slice(0, 8)}@example.com`,
    displayName: `User ${sequence}`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    role: 'member',
    createdAt: at('2026-01-02T03:04:05.678Z'),
    updatedAt: at('2026-01-02T03:04:05.678Z'),
    ...overrides,
  };
};

export const aSession = (userId: string, overrides: Partial<Session> = {}): Session => ({
  id: uuidv7(),
  userId,
  tokenHash: hash(),
  createdAt: at('2026-01-02T03:04:05.678Z'),
  expiresAt: at('2026-01-09T03:04:05.678Z'),
  lastSeenAt: at('2026-01-02T03:04:05.678Z'),
  userAgent: 'Mozilla/5.0 (contract)',
  ...overrides,
});

export const anApiToken = (userId: string, overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: uuidv7(),
  userId,
  name: 'ci',
  tokenHash: hash(),
  createdAt: at('2026-01-02T03:04:05.678Z'),
  expiresAt: null,
  lastUsedAt: null,
  ...overrides,
});

export const anInvite = (createdBy: string, overrides: Partial<Invite> = {}): Invite => ({
  id: uuidv7(),
  codeHash: hash(),
  createdBy,
  maxUses: 1,
  usedCount: 0,
  createdAt: at('2026-01-02T03:04:05.678Z'),
  expiresAt: at('2026-01-09T03:04:05.678Z'),
  ...overrides,
});
