export interface IdGenerator {
  /** A new UUIDv7 in canonical lowercase hyphenated form. */
  next(): string;
}
