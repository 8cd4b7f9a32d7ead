/**
 * Authenticated encryption for secrets the service must read back (a TOTP secret), under a key
 * only the service holds. `context` is bound to the ciphertext (additional data): a value sealed
 * for one user does not open as another's.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /**
   * Null when neither the current nor the previous key opens it, or it was tampered with.
   * `resealed` is set when only the previous key opened it: the caller stores it in its place.
   */
  open(sealed: string, context: string): { plaintext: string; resealed: string | null } | null;
}
