/**
 * What a new password is screened against beyond the pure rules (ASVS 6.2.4, 6.2.11): the words
 * this deployment adds to the product's own, and breach corpora that may need I/O to consult.
 */
export interface PasswordBlocklist {
  /** Lower-case NFKC words, each of at least 4 characters, that a new password must not contain. */
  readonly contextWords: readonly string[];
  /**
   * Whether the password (its NFKC form, as it would be hashed) or its lower-case form is a known
   * breached password. Rejects when a corpus cannot be read: unreadable never means "not breached".
   */
  isBreached(password: string): Promise<boolean>;
}
