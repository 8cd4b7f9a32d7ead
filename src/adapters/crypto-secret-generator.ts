import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../core/domain/api-token.js';
import { CROCKFORD, formatRecoveryCode, RECOVERY_CODE_LENGTH } from '../core/domain/recovery-code.js';
import type { IssuedSecret, SecretGenerator, SecretKind } from '../core/ports/secret-generator.js';

type TokenKind = Exclude<SecretKind, 'recovery_code'>;
// Entropy per kind from CONTRACT §2 and §10: 256 bits for anything that rides in a cookie or a header, 128 for invites.
const BYTES: Record<TokenKind, number> = { session: 32, api_token: 32, invite: 16, pending_login: 32, passkey_challenge: 32 };
const PREFIX: Record<TokenKind, string> = { session: '', api_token: API_TOKEN_PREFIX, invite: '', pending_login: '', passkey_challenge: '' };

export const sha256Hex = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** 20 Crockford characters from 20 random 5-bit values (the low bits of 20 bytes: exactly 100 bits, unbiased). */
const recoveryCode = (): string =>
  [...randomBytes(RECOVERY_CODE_LENGTH)].map((byte) => CROCKFORD[byte & 31]).join('');

export class CryptoSecretGenerator implements SecretGenerator {
  issue(kind: SecretKind): IssuedSecret {
    if (kind === 'recovery_code') {
      const compact = recoveryCode();
      // The hash is of the normalised form, which is what a typed code is reduced to before lookup.
      return { secret: formatRecoveryCode(compact), hash: sha256Hex(compact) };
    }
    const secret = PREFIX[kind] + randomBytes(BYTES[kind]).toString('base64url');
    return { secret, hash: sha256Hex(secret) };
  }

  hashOf(secret: string): string {
    return sha256Hex(secret);
  }
}
