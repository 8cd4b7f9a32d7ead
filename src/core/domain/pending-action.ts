/** How long an action waits for its confirmation (§15 rule 9): as long as a fresh proof counts. */
export const PENDING_ACTION_MS = 15 * 60_000;

/**
 * A form that recent authentication interrupted, kept for the session that sent it so confirming
 * can carry it out. Only what the form needs again: never a password or a code.
 */
export interface PendingAction {
  sessionId: string;
  /** What the confirm page names ("disable"), a word of the pages' catalogue. */
  name: string;
  /** Whom or what it acts on, as the confirm page shows it (an email, a token's name), or null. */
  subject: string | null;
  /** The page route the form posted to. */
  route: string;
  /** The form's fields as JSON text, secrets left out by whoever kept it. */
  fields: string;
  expiresAt: Date;
}
