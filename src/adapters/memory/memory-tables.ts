import type { AccountRecovery } from '../../core/domain/account-recovery.js';
import type { ApiToken } from '../../core/domain/api-token.js';
import type { ForwardAuthRule } from '../../core/domain/forward-auth-rule.js';
import type { Group } from '../../core/domain/group.js';
import type { Invite } from '../../core/domain/invite.js';
import type { OidcClient } from '../../core/domain/oidc-client.js';
import type { StoredSigningKey } from '../../core/ports/oidc-store.js';
import type { OidcPayloadRow } from '../oidc-payload-row.js';
import type { PendingLogin } from '../../core/domain/pending-login.js';
import type { Passkey, RecoveryCode, TotpFactor } from '../../core/domain/second-factor.js';
import type { SecondFactorFailure } from '../../core/domain/second-factor-cap.js';
import type { SecurityEvent } from '../../core/domain/security-event.js';
import type { Session } from '../../core/domain/session.js';
import type { User } from '../../core/domain/user.js';
import type { PasskeyLoginChallenge, WebAuthnChallenge } from '../../core/domain/webauthn-challenge.js';

/** The in-memory database: one map per table, keyed by id. Records inside are never handed out. */
export interface MemoryTables {
  users: Map<string, User>;
  sessions: Map<string, Session>;
  invites: Map<string, Invite>;
  apiTokens: Map<string, ApiToken>;
  securityEvents: Map<string, SecurityEvent>;
  totpFactors: Map<string, TotpFactor>;
  passkeys: Map<string, Passkey>;
  recoveryCodes: Map<string, RecoveryCode>;
  secondFactorFailures: Map<string, SecondFactorFailure>;
  accountRecoveries: Map<string, AccountRecovery>;
  pendingLogins: Map<string, PendingLogin>;
  webauthnChallenges: Map<string, WebAuthnChallenge>;
  /** Keyed by secret hash: they have no id and no owner. */
  passkeyLoginChallenges: Map<string, PasskeyLoginChallenge>;
  oidcClients: Map<string, OidcClient>;
  /** Keyed by payloadKey(model, row.id): the SHA-256 of the key, as the database keeps it. */
  oidcPayloads: Map<string, OidcPayloadRow>;
  oidcSigningKeys: Map<string, StoredSigningKey>;
  /** How each session was opened (sessions.auth_methods), by session id. */
  sessionAuthMethods: Map<string, string>;
  groups: Map<string, Group>;
  /** Keyed by memberKey(group id, user id). */
  groupMembers: Map<string, { groupId: string; userId: string; createdAt: Date }>;
  forwardAuthRules: Map<string, ForwardAuthRule>;
}

export const emptyTables = (): MemoryTables => ({
  users: new Map(),
  sessions: new Map(),
  invites: new Map(),
  apiTokens: new Map(),
  securityEvents: new Map(),
  totpFactors: new Map(),
  passkeys: new Map(),
  recoveryCodes: new Map(),
  secondFactorFailures: new Map(),
  accountRecoveries: new Map(),
  pendingLogins: new Map(),
  webauthnChallenges: new Map(),
  passkeyLoginChallenges: new Map(),
  oidcClients: new Map(),
  oidcPayloads: new Map(),
  oidcSigningKeys: new Map(),
  sessionAuthMethods: new Map(),
  groups: new Map(),
  groupMembers: new Map(),
  forwardAuthRules: new Map(),
});

export const memberKey = (groupId: string, userId: string): string => `${groupId}\u0000${userId}`;

export const payloadKey = (model: string, id: string): string => `${model}\u0000${id}`;

export const copy = <T>(record: T): T => structuredClone(record);

/**
 * Runs `work` as a transaction: on failure every table is put back as it was, as a database rolls
 * back. (The memory store serves single-flow unit tests; it does not isolate concurrent ones.)
 */
export const transactionally = async <T>(tables: MemoryTables, work: () => Promise<T>): Promise<T> => {
  const before = structuredClone(tables);
  try {
    return await work();
  } catch (error) {
    Object.assign(tables, before);
    throw error;
  }
};

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are compared in canonical lowercase form, as the Knex adapter's stored form does. */
export const idKey = (id: string): string | null => (CANONICAL_UUID.test(id) ? id.toLowerCase() : null);

/** Throws like the database would on a broken key, so the fake cannot accept what Knex refuses. */
export const insertChecked = <T extends { id: string }>(
  table: Map<string, T>,
  record: T,
  unique: (existing: T) => boolean,
  ownerExists: boolean,
): void => {
  const id = idKey(record.id);
  if (id === null) throw new Error('not a canonical UUID');
  if (!ownerExists) throw new Error('FOREIGN KEY constraint failed');
  if (table.has(id) || [...table.values()].some(unique)) throw new Error('UNIQUE constraint failed');
  table.set(id, copy({ ...record, id }));
};
