import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../core/ports/secret-box.js';

const VERSION = 'v2';
// v1 sealed every purpose under one key (this info); such values still open, and are sealed again as v2.
const LEGACY_VERSION = 'v1';
const LEGACY_INFO = 'gatehouse totp-secret aes-256-gcm v1';
const SALT = 'gatehouse';
const IV_BYTES = 12; // GCM's standard nonce; random per seal, so 2^32 seals under one key stay safe
const TAG_BYTES = 16; // the full 128-bit tag, and only that: a cut tag is a forgery made 2^96 times easier

interface Key {
  id: string;
  bytes: Buffer;
}

/**
 * HKDF-SHA-256 from SERVICE_SECRET_KEY to a 256-bit AES key for one purpose; HKDF's info names the
 * purpose, so the keys of two purposes are unrelated. The id is a digest of the key, never the key.
 */
export const deriveKey = (secretKey: string, info: string): Key => {
  const bytes = Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), SALT, info, 32));
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
};

/** The purpose is the context's first part (`totp-secret:<user>` → `totp-secret`): one key per purpose. */
export const purposeInfo = (context: string): string => `gatehouse ${context.split(':', 1)[0]} aes-256-gcm v2`;

const b64 = (buffer: Buffer): string => buffer.toString('base64url');

/** The keys one secret gives: one per purpose, derived when first needed, and v1's shared one. */
class KeyRing {
  private readonly byPurpose = new Map<string, Key>();
  readonly legacy: Key;

  constructor(private readonly secretKey: string) {
    this.legacy = deriveKey(secretKey, LEGACY_INFO);
  }

  forContext(context: string): Key {
    const info = purposeInfo(context);
    let key = this.byPurpose.get(info);
    if (!key) this.byPurpose.set(info, (key = deriveKey(this.secretKey, info)));
    return key;
  }
}

/**
 * AES-256-GCM with a random nonce; the sealed form is `v2.<key id>.<nonce>.<ciphertext>.<tag>`,
 * so the key that sealed a value is known without trying. The previous key (SERVICE_SECRET_KEY_PREVIOUS)
 * only opens; what it opens — and what v1 sealed — is sealed again under the current key for the caller to store.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly current: KeyRing;
  private readonly previous: KeyRing | null;

  constructor(secretKey: string, previousSecretKey: string | null = null) {
    this.current = new KeyRing(secretKey);
    this.previous = previousSecretKey === null ? null : new KeyRing(previousSecretKey);
  }

  seal(plaintext: string, context: string): string {
    const key = this.current.forContext(context);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, key.id, b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
  }

  open(sealed: string, context: string): { plaintext: string; resealed: string | null } | null {
    const [version, keyId, iv, body, tag, ...rest] = sealed.split('.');
    if (rest.length > 0 || !iv || !body || !tag) return null;
    const keyFor = (ring: KeyRing | null): Key | null => {
      if (ring === null) return null;
      if (version === VERSION) return ring.forContext(context);
      return version === LEGACY_VERSION ? ring.legacy : null;
    };
    const current = keyFor(this.current);
    const key = [current, keyFor(this.previous)].find((candidate) => candidate?.id === keyId);
    const tagBytes = Buffer.from(tag, 'base64url');
    if (!key || tagBytes.length !== TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      const plaintext = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return { plaintext, resealed: key === current && version === VERSION ? null : this.seal(plaintext, context) };
    } catch {
      return null; // a wrong tag: tampered with, or sealed for another context
    }
  }
}
