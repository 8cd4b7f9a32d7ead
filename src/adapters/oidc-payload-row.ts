import type { UserId } from '../core/domain/user-id.js';
import type { OidcPayload } from '../core/ports/oidc-store.js';
import { keyHashOf, storedPayload } from './oidc-stored-payload.js';

/** One oidc-provider payload as both stores keep it: the JSON, and the fields it is looked up and cascaded by. */
export interface OidcPayloadRow {
  model: string;
  /** SHA-256 of the key (as uid and userCode): see oidc-stored-payload.ts. */
  id: string;
  payload: string;
  accountId: UserId | null;
  clientId: string | null;
  grantId: string | null;
  uid: string | null;
  userCode: string | null;
  expiresAt: Date | null;
  consumedAt: Date | null;
  createdAt: Date;
}

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const hashed = (value: string | null): string | null => (value === null ? null : keyHashOf(value));

/**
 * The row of a payload: the columns it is found, revoked and cascaded by are copied from its
 * top-level fields, the bearer values among them hashed. An accountId that is no user id (never one of ours) cascades with nothing.
 */
export const payloadRow = (model: string, id: string, payload: OidcPayload, expiresAt: Date | null, now: Date): OidcPayloadRow => {
  const account = text(payload.accountId);
  const consumed = typeof payload.consumed === 'number' ? new Date(payload.consumed * 1000) : null;
  return {
    model,
    id: keyHashOf(id),
    payload: storedPayload(model, id, payload),
    accountId: account !== null && CANONICAL_UUID.test(account) ? (account.toLowerCase() as UserId) : null,
    clientId: text(payload.clientId),
    // An interaction names the grant it may extend, but is no part of it: revoking the grant (a
    // session ended while another person signs in at the same browser) must not end the interaction.
    grantId: model === 'Interaction' ? null : text(payload.grantId),
    uid: hashed(text(payload.uid)),
    userCode: hashed(text(payload.userCode)),
    expiresAt,
    consumedAt: consumed,
    createdAt: now,
  };
};

/** What find answers: the payload, with `consumed` (epoch seconds) once it was consumed. */
export const withConsumed = (payload: OidcPayload, consumedAt: Date | null): OidcPayload =>
  consumedAt === null ? payload : { ...payload, consumed: Math.floor(consumedAt.getTime() / 1000) };
