import { createHash, generateKeyPairSync, randomBytes, randomUUID, type KeyPairKeyObjectResult } from 'node:crypto';
import { ACCOUNT_RECOVERY_CODE_LENGTH, formatAccountRecoveryCode } from '../core/domain/account-recovery.js';
import { API_TOKEN_PREFIX } from '../core/domain/api-token.js';
import type { SigningAlgorithm } from '../core/domain/signing-algorithm.js';
import { CROCKFORD, formatRecoveryCode, RECOVERY_CODE_LENGTH } from '../core/domain/recovery-code.js';
import type { GeneratedSigningKey, IssuedSecret, SecretGenerator, SecretKind } from '../core/ports/secret-generator.js';

type TokenKind = Exclude<SecretKind, 'recovery_code' | 'account_recovery' | 'oidc_client_id'>;
// Entropy per kind (docs/security.md): 256 bits for anything that rides in a cookie or a header (an
// OpenID client secret too), 128 for invites.
const BYTES: Record<TokenKind, number> = { session: 32, api_token: 32, invite: 16, pending_login: 32, passkey_challenge: 32, oidc_client_secret: 32 };
const PREFIX: Record<TokenKind, string> = { session: '', api_token: API_TOKEN_PREFIX, invite: '', pending_login: '', passkey_challenge: '', oidc_client_secret: '' };

const KEY_PAIRS: Record<SigningAlgorithm, () => KeyPairKeyObjectResult> = {
  RS256: () => generateKeyPairSync('rsa', { modulusLength: 2048 }),
  ES256: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }),
};

export const sha256Hex = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Crockford characters from random 5-bit values (the low bits of random bytes: 5 bits each, unbiased). */
const crockford = (length: number): string => [...randomBytes(length)].map((byte) => CROCKFORD[byte & 31]).join('');

export class CryptoSecretGenerator implements SecretGenerator {
  issue(kind: SecretKind): IssuedSecret {
    // A random (v4) UUID: 122 random bits, URL-safe, and an id the security trail can name.
    if (kind === 'oidc_client_id') {
      const id = randomUUID();
      return { secret: id, hash: sha256Hex(id) };
    }
    if (kind === 'account_recovery') {
      const compact = crockford(ACCOUNT_RECOVERY_CODE_LENGTH); // 28 × 5 = 140 bits
      return { secret: formatAccountRecoveryCode(compact), hash: sha256Hex(compact) };
    }
    if (kind === 'recovery_code') {
      const compact = crockford(RECOVERY_CODE_LENGTH); // 24 × 5 = 120 bits
      // The hash is of the normalised form, which is what a typed code is reduced to before lookup.
      return { secret: formatRecoveryCode(compact), hash: sha256Hex(compact) };
    }
    const secret = PREFIX[kind] + randomBytes(BYTES[kind]).toString('base64url');
    return { secret, hash: sha256Hex(secret) };
  }

  hashOf(secret: string): string {
    return sha256Hex(secret);
  }

  signingKey(alg: SigningAlgorithm): GeneratedSigningKey {
    const pair = KEY_PAIRS[alg]();
    const kid = randomUUID();
    return { kid, privateJwk: { ...pair.privateKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } };
  }
}
