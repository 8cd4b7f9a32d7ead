import type { PendingAction } from '../domain/pending-action.js';

/** One pending action per session, shared by every instance (a browser may confirm on another). */
export interface PendingActionStore {
  /** Keeps `action` for its session, replacing the one it had. */
  keep(action: PendingAction): Promise<void>;
  /** The session's action unless it expired, left in place (the confirm page names it). */
  find(sessionId: string, now: Date): Promise<PendingAction | null>;
  /** Removes the session's action and answers it unless it expired; of two takers, one gets it. */
  take(sessionId: string, now: Date): Promise<PendingAction | null>;
}
