import type { OidcPayload } from '../core/ports/oidc-store.js';
import { sha256Hex } from './crypto-secret-generator.js';
import { isRecord } from '../core/domain/json-record.js';

/**
 * The provider's keys (codes, tokens, session and interaction ids, user codes) are bearer values:
 * a row holds only their SHA-256, as the service keeps its own tokens, so a copy of the database
 * opens nothing. Each is high-entropy, except a device's user code, which lives 10 minutes.
 */
export const keyHashOf = (key: string): string => sha256Hex(key);

// Stands for the payload's own key where it appears (jti; an interaction's returnTo, `…/auth/<uid>`).
// JSON.stringify escapes every control character, so no value it writes can be taken for it.
const OWN_KEY = '\u0001';

const masked = (value: unknown, key: string): unknown => {
  if (typeof value !== 'string') return value;
  if (value === key) return OWN_KEY;
  return value.endsWith(`/${key}`) ? `${value.slice(0, -key.length)}${OWN_KEY}` : value;
};

/**
 * The payload as a row keeps it: its own key masked, the user code left out (the caller presents
 * both), and the session cookie an interaction copies left out (nothing reads it back).
 */
export const storedPayload = (model: string, key: string, payload: OidcPayload): string => {
  const { userCode: _userCode, ...kept } = payload;
  const stored: Record<string, unknown> = Object.fromEntries(Object.entries(kept).map(([field, value]) => [field, masked(value, key)]));
  if (model === 'Interaction' && isRecord(stored.session)) {
    const { cookie: _cookie, ...session } = stored.session;
    stored.session = session;
  }
  return JSON.stringify(stored);
};

/** What the caller presented, and so what can be put back: a payload found by uid or user code gets no own key. */
export interface Presented {
  key?: string;
  userCode?: string;
}

/** The payload as stored, with what was presented put back; a field holding an unknown own key is left out. */
export const presentedPayload = (text: string, presented: Presented): OidcPayload => {
  const restored: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
    if (typeof value !== 'string' || !value.endsWith(OWN_KEY)) restored[field] = value;
    else if (presented.key !== undefined) restored[field] = `${value.slice(0, -OWN_KEY.length)}${presented.key}`;
  }
  if (presented.userCode !== undefined) restored.userCode = presented.userCode;
  return restored;
};
