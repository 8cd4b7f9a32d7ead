import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../../crypto-secret-generator.js';

/**
 * The SQL functions PostgreSQL has built in and SQLite lacks, as the service's statements use them:
 * `sha256_hex(text)`, the lowercase hex SHA-256 of the text's UTF-8 bytes (PostgreSQL:
 * `encode(sha256(convert_to(text, 'UTF8')), 'hex')`), with which a read finds a payload by the
 * key another payload names (oidc-stored-payload.ts keeps keys hashed).
 */
export const addSqlFunctions = (connection: Database): void => {
  connection.function('sha256_hex', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? sha256Hex(text) : null));
};
