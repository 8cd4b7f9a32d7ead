export interface PasswordHasher {
  /** Refuses a password with lone surrogates: the rules have refused it already (422). */
  hash(password: string): Promise<string>;
  /**
   * With a null hash, verifies against a built-in dummy hash of the same parameters and answers
   * false, so an unknown account costs the same time as a wrong password. A password with lone
   * surrogates never verifies: a binding that sees U+FFFD in their place would match other strings.
   */
  verify(hash: string | null, password: string): Promise<boolean>;
  /** True when the hash was made with parameters other than the current ones. */
  needsRehash(hash: string): boolean;
}
