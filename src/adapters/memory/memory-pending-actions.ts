import type { PendingAction } from '../../core/domain/pending-action.js';
import type { PendingActionStore } from '../../core/ports/pending-action-store.js';

/** As the database keeps them: one per session, taken once, an expired one removed unanswered. */
export class MemoryPendingActions implements PendingActionStore {
  private readonly actions = new Map<string, PendingAction>();

  keep(action: PendingAction): Promise<void> {
    this.actions.set(action.sessionId, { ...action });
    return Promise.resolve();
  }

  find(sessionId: string, now: Date): Promise<PendingAction | null> {
    const action = this.actions.get(sessionId);
    return Promise.resolve(action && action.expiresAt.getTime() > now.getTime() ? { ...action } : null);
  }

  take(sessionId: string, now: Date): Promise<PendingAction | null> {
    const action = this.actions.get(sessionId);
    this.actions.delete(sessionId);
    return Promise.resolve(action && action.expiresAt.getTime() > now.getTime() ? { ...action } : null);
  }
}
