import type { GroupRef } from '../domain/group.js';
import type { OidcClient } from '../domain/oidc-client.js';
import type { CredentialOwner } from '../domain/user.js';
import type { SigningAlgorithm } from '../domain/signing-algorithm.js';

/**
 * What oidc-provider keeps (codes, tokens, grants, sessions and interactions of the protocol), as
 * opaque JSON per model name. Shared by every instance through the database.
 */
export type OidcPayload = Readonly<Record<string, unknown>>;

/** One upsert, as `upsert` takes it. */
export interface OidcPayloadWrite {
  model: string;
  id: string;
  payload: OidcPayload;
  expiresAt: Date | null;
}

export interface OidcPayloadStore {
  /** Inserts or replaces; `accountId`, `clientId`, `grantId`, `uid` and `userCode` are read from the payload. */
  upsert(model: string, id: string, payload: OidcPayload, expiresAt: Date | null): Promise<void>;
  /** Null once expired or gone; a consumed payload carries `consumed` (epoch seconds). */
  find(model: string, id: string): Promise<OidcPayload | null>;
  findByUid(model: string, uid: string): Promise<OidcPayload | null>;
  findByUserCode(model: string, userCode: string): Promise<OidcPayload | null>;
  /**
   * Marks it consumed only if nobody has yet (`UPDATE … WHERE consumed_at IS NULL`): true for the
   * one caller that consumed it, false for every other (already consumed, expired or gone).
   */
  consume(model: string, id: string, at: Date): Promise<boolean>;
  /**
   * A rotation as one unit, one commit: consumes (model, id) as `consume` does and, only for the
   * caller that consumed it, upserts each write. True for that caller; false, with nothing written,
   * for every other.
   */
  consumeAndUpsert(model: string, id: string, at: Date, writes: readonly OidcPayloadWrite[]): Promise<boolean>;
  destroy(model: string, id: string): Promise<void>;
  /** Every payload of the grant: its codes, access and refresh tokens, and the grant itself. */
  revokeByGrantId(grantId: string): Promise<void>;
  /** Deletes rows past their expiry; answers how many. */
  purgeExpired(now: Date): Promise<number>;
}

/** The lookup the provider makes on every request that names a client. */
export interface OidcClientLookup {
  find(clientId: string): Promise<OidcClient | null>;
  /** Whether a web public client lists this exact origin in its allowed_origins (a CORS preflight names no client). */
  originAllowed(origin: string): Promise<boolean>;
}

/**
 * All that userinfo reads of one access token, at once: each part is what its own read answers
 * (`OidcPayloadStore.find` and `findByUid`, `OidcClientLookup.find`, the account's user and
 * groups), null where that read finds nothing. Read now, never from a cache.
 */
export interface UserinfoRead {
  /** As find('AccessToken', key) answers it. */
  token: OidcPayload;
  /** As findByUid('Session', token.sessionUid) answers it. */
  session: OidcPayload | null;
  /** As find('Grant', token.grantId) answers it. */
  grant: OidcPayload | null;
  /** As OidcClientLookup.find(token.clientId) answers it. */
  client: OidcClient | null;
  /** The user token.accountId names (disabled or not), and its groups by name. */
  user: CredentialOwner | null;
  groups: GroupRef[];
}

/** The read of every userinfo call. */
export interface OidcUserinfoLookup {
  /** Null when no live access token has this key. */
  findByAccessToken(key: string): Promise<UserinfoRead | null>;
}

/** A signing key, its private JWK sealed with the service key (SecretBox). */
export interface StoredSigningKey {
  kid: string;
  alg: SigningAlgorithm;
  sealedJwk: string;
  createdAt: Date;
  /** When a newer key replaced it; it stays published until nothing it signed can be valid. */
  retiredAt: Date | null;
}

export interface OidcKeyStore {
  /** Newest first, retired ones included; the caller drops those retired long enough ago. */
  list(): Promise<StoredSigningKey[]>;
  /**
   * Adds the keys whose algorithm has no current key yet, in one transaction that first takes the
   * write lock (the first start of several instances at once, or an algorithm new in this release):
   * one set lands. True when any key was added.
   */
  addWhereMissing(keys: StoredSigningKey[]): Promise<boolean>;
  /** In one transaction: retires every current key at `at` and adds the new ones. */
  rotate(keys: StoredSigningKey[], at: Date): Promise<void>;
  /** Deletes keys retired before `before`. */
  deleteRetiredBefore(before: Date): Promise<number>;
}
