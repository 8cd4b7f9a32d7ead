import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../core/ports/secret-box.js';

const VERSION = 'v1';
// HKDF's info names the use, so a key derived for another purpose from the same secret never equals this one.
const INFO = 'gatehouse totp-secret aes-256-gcm v1';
const SALT = 'gatehouse';
const IV_BYTES = 12; // GCM's standard nonce; random per seal, so 2^32 seals under one key stay safe

interface Key {
  id: string;
  bytes: Buffer;
}

/** HKDF-SHA-256 from SERVICE_SECRET_KEY to a 256-bit AES key; its id is a digest of the key, never the key. */
export const deriveKey = (secretKey: string): Key => {
  const bytes = Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), SALT, INFO, 32));
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
};

const b64 = (buffer: Buffer): string => buffer.toString('base64url');

/**
 * AES-256-GCM with a random nonce; the sealed form is `v1.<key id>.<nonce>.<ciphertext>.<tag>`,
 * so the key that sealed a value is known without trying. The previous key (SERVICE_SECRET_KEY_PREVIOUS)
 * only opens; what it opens is sealed again under the current key for the caller to store.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly current: Key;
  private readonly previous: Key | null;

  constructor(secretKey: string, previousSecretKey: string | null = null) {
    this.current = deriveKey(secretKey);
    this.previous = previousSecretKey === null ? null : deriveKey(previousSecretKey);
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.current.id, b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
  }

  open(sealed: string, context: string): { plaintext: string; resealed: string | null } | null {
    const [version, keyId, iv, body, tag, ...rest] = sealed.split('.');
    if (version !== VERSION || rest.length > 0 || !iv || !body || !tag) return null;
    const key = [this.current, this.previous].find((candidate) => candidate?.id === keyId);
    if (!key) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plaintext = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return { plaintext, resealed: key === this.current ? null : this.seal(plaintext, context) };
    } catch {
      return null; // a wrong tag: tampered with, or sealed for another context
    }
  }
}
