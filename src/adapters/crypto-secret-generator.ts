import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../core/domain/api-token.js';
import type { IssuedSecret, SecretGenerator, SecretKind } from '../core/ports/secret-generator.js';

// Entropy per kind from CONTRACT §2: 256 bits for credentials, 128 bits for invite codes.
const BYTES: Record<SecretKind, number> = { session: 32, api_token: 32, invite: 16 };
const PREFIX: Record<SecretKind, string> = { session: '', api_token: API_TOKEN_PREFIX, invite: '' };

export const sha256Hex = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export class CryptoSecretGenerator implements SecretGenerator {
  issue(kind: SecretKind): IssuedSecret {
    const secret = PREFIX[kind] + randomBytes(BYTES[kind]).toString('base64url');
    return { secret, hash: sha256Hex(secret) };
  }

  hashOf(secret: string): string {
    return sha256Hex(secret);
  }
}
