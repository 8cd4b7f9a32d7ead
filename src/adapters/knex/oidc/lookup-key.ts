import { storableProblem } from '../../../core/domain/storable-text.js';

/**
 * A key as a request may carry it (a client_id in a path or an authorization request, a code at
 * the token endpoint): one that no row can hold (empty, too long, a NUL, a lone surrogate) is
 * found as nothing without asking the database, which may refuse it (PostgreSQL and NUL → a 500).
 */
export const isLookupKey = (key: string, max: number): boolean => key.length > 0 && key.length <= max && storableProblem(key) === null;

export const CLIENT_ID_MAX = 64;
export const PAYLOAD_KEY_MAX = 255;
