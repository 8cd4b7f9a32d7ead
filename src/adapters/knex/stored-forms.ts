import type { Engine } from './connection/engine.js';

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STORED_ID = /^[0-9a-f]{32}$/;

/** docs/architecture.md: ids are stored as 32 lowercase hex characters; only this adapter sees that form. */
export const toStoredId = (canonical: string): string => {
  const lower = canonical.toLowerCase();
  if (!CANONICAL_UUID.test(lower)) throw new Error('not a canonical UUID');
  return lower.replaceAll('-', '');
};

/** A lookup key that can never match a stored id (not a UUID), so callers get "not found". */
export const toStoredIdOrNull = (canonical: string): string | null =>
  CANONICAL_UUID.test(canonical.toLowerCase()) ? toStoredId(canonical) : null;

export const fromStoredId = (stored: string): string => {
  if (!STORED_ID.test(stored)) throw new Error('stored id is not 32 lowercase hex characters');
  return `${stored.slice(0, 8)}-${stored.slice(8, 12)}-${stored.slice(12, 16)}-${stored.slice(16, 20)}-${stored.slice(20)}`;
};

/**
 * SQLite has no instant type: store ISO-8601 UTC with milliseconds and `Z`, which reads back as the
 * same instant in any process time zone and sorts as text. PostgreSQL takes the Date (timestamptz).
 */
export const toStoredTime = (instant: Date, engine: Engine): string | Date =>
  engine === 'sqlite' ? instant.toISOString() : instant;

export const fromStoredTime = (stored: unknown): Date => {
  if (stored instanceof Date) return new Date(stored.getTime());
  if (typeof stored === 'string' && stored.endsWith('Z')) return new Date(stored);
  throw new Error('stored timestamp is not a UTC instant');
};
