export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * With a null hash, verifies against a built-in dummy hash of the same parameters and answers
   * false, so an unknown account costs the same time as a wrong password.
   */
  verify(hash: string | null, password: string): Promise<boolean>;
  /** True when the hash was made with parameters other than the current ones. */
  needsRehash(hash: string): boolean;
}
