/** One breach corpus; the password blocklist consults each in turn. */
export interface BreachList {
  /** Whether the password (NFKC) is in the corpus; rejects when the corpus cannot be read. */
  isBreached(password: string): Promise<boolean>;
}
