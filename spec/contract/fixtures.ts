import { randomBytes } from 'node:crypto';
import type { AdminPrincipal } from '../../src/core/domain/admin-principal.js';
import { uuidv7 } from 'uuidv7';
import type { ApiToken } from '../../src/core/domain/api-token.js';
import type { Invite } from '../../src/core/domain/invite.js';
import type { OidcClient } from '../../src/core/domain/oidc-client.js';
import type { StoredSigningKey } from '../../src/core/ports/oidc-store.js';
import type { Session } from '../../src/core/domain/session.js';
import type { Principal } from '../../src/core/domain/principal.js';
import type { SecurityEvent } from '../../src/core/domain/security-event.js';
import type { UserId } from '../../src/core/domain/user-id.js';
import type { User } from '../../src/core/domain/user.js';

/** Specs stand in for the store: they may mint a UserId, which production code outside adapters cannot. */
export const asUserId = (id: string): UserId => id as UserId;

const hash = (): string => randomBytes(32).toString('hex');
export const at = (iso: string): Date => new Date(iso);

let sequence = 0;

export const aUser = (overrides: Partial<User> = {}): User => {
  sequence += 1;
  return {
    id: asUserId(uuidv7()),
    email: `user${sequence}-${hash().slice(0, 8)}@example.com`,
    displayName: `User ${sequence}`,
    username: null,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    role: 'member',
    createdAt: at('2026-01-02T03:04:05.678Z'),
    updatedAt: at('2026-01-02T03:04:05.678Z'),
    disabledAt: null,
    lastLoginAt: null,
    ...overrides,
  };
};

export const aSession = (userId: UserId, overrides: Partial<Session> = {}): Session => ({
  id: uuidv7(),
  userId,
  tokenHash: hash(),
  createdAt: at('2026-01-02T03:04:05.678Z'),
  expiresAt: at('2026-01-09T03:04:05.678Z'),
  lastSeenAt: at('2026-01-02T03:04:05.678Z'),
  userAgent: 'Mozilla/5.0 (contract)',
  authenticatedAt: at('2026-01-02T03:04:05.678Z'),
  secondFactorAt: null,
  ...overrides,
});

export const anApiToken = (userId: UserId, overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: uuidv7(),
  userId,
  name: 'ci',
  tokenHash: hash(),
  createdAt: at('2026-01-02T03:04:05.678Z'),
  expiresAt: null,
  lastUsedAt: null,
  ...overrides,
});

export const anInvite = (createdBy: UserId, overrides: Partial<Invite> = {}): Invite => ({
  id: uuidv7(),
  codeHash: hash(),
  createdBy,
  maxUses: 1,
  usedCount: 0,
  createdAt: at('2026-01-02T03:04:05.678Z'),
  expiresAt: at('2026-01-09T03:04:05.678Z'),
  ...overrides,
});

export const anEvent = (userId: UserId, overrides: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id: uuidv7(),
  userId,
  type: 'login_succeeded',
  actor: 'self',
  actorId: null,
  targetId: null,
  viaTokenId: null,
  clientAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (contract)',
  createdAt: at('2026-01-02T03:04:05.678Z'),
  ...overrides,
});

/** A signed-in caller by session cookie, proved at `provedAt`, for specs that stub the use cases. */
export const aPrincipal = (userId: string, overrides: Partial<Principal> = {}, provedAt = new Date()): Principal => ({
  userId: asUserId(userId),
  user: { id: asUserId(userId), email: 'ada@example.com', displayName: 'Ada', username: null, createdAt: at('2026-11-21T10:00:00.000Z') },
  role: 'member',
  credential: { kind: 'session', sessionId: uuidv7(), authenticatedAt: provedAt, secondFactorAt: null, expiresAt: new Date(provedAt.getTime() + 7 * 24 * 3_600_000) },
  context: { userAgent: null, clientAddress: '127.0.0.1' },
  ...overrides,
});

/** Specs stand in for the admin-authentication step too: an admin (or the operator) as it would mint one. */
export const anAdmin = (adminId: UserId | null): AdminPrincipal =>
  ({ actor: adminId === null ? 'operator' : 'admin', adminId, context: { userAgent: 'Mozilla/5.0 (contract)', clientAddress: '203.0.113.9' } }) as AdminPrincipal;

export const anOidcClient = (overrides: Partial<OidcClient> = {}): OidcClient => ({
  clientId: `client-${hash().slice(0, 16)}`,
  name: 'Grafana',
  type: 'confidential',
  redirectUris: ['https://grafana.example.com/login/generic_oauth'],
  postLogoutRedirectUris: [],
  skipConsent: false,
  requirePkce: true,
  secretHash: hash(),
  createdAt: at('2026-01-02T03:04:05.678Z'),
  allowedGroups: [],
  requireMfa: false,
  introspect: false,
  device: false,
  applicationType: 'web',
  allowedOrigins: [],
  backchannelLogoutUri: null,
  idTokenAlgorithm: 'RS256',
  ...overrides,
});

export const aSigningKey = (overrides: Partial<StoredSigningKey> = {}): StoredSigningKey => ({
  kid: hash().slice(0, 20),
  alg: 'RS256',
  sealedJwk: `sealed-${hash()}`,
  createdAt: at('2026-01-02T03:04:05.678Z'),
  retiredAt: null,
  ...overrides,
});
