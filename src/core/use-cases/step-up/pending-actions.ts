import { PENDING_ACTION_MS, type PendingAction } from '../../domain/pending-action.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';

/** What a driving adapter hands over of an interrupted form; the session and the expiry are the core's. */
export type PendingForm = Pick<PendingAction, 'name' | 'subject' | 'route' | 'fields'>;

/** Keeps the form the calling session sent until it confirms, for at most 15 minutes; a newer one replaces it. */
export type KeepPendingAction = (principal: Principal, form: PendingForm) => Promise<void>;
/** The calling session's pending form, once, unless it expired; null otherwise (another session's is never seen). */
export type TakePendingAction = (principal: Principal) => Promise<PendingForm | null>;

/** The calling session's pending form, left in place, unless it expired. */
export type FindPendingAction = (principal: Principal) => Promise<PendingForm | null>;

const formOf = (action: PendingAction | null): PendingForm | null =>
  action && { name: action.name, subject: action.subject, route: action.route, fields: action.fields };

export const makeFindPendingAction =
  (deps: Pick<Ports, 'pendingActions' | 'clock'>): FindPendingAction =>
  async (principal) =>
    formOf(await deps.pendingActions.find(requireSession(principal).sessionId, deps.clock.now()));

export const makeKeepPendingAction =
  (deps: Pick<Ports, 'pendingActions' | 'clock'>): KeepPendingAction =>
  async (principal, form) => {
    const { sessionId } = requireSession(principal);
    const expiresAt = new Date(deps.clock.now().getTime() + PENDING_ACTION_MS);
    await deps.pendingActions.keep({ sessionId, name: form.name, subject: form.subject, route: form.route, fields: form.fields, expiresAt });
  };

export const makeTakePendingAction =
  (deps: Pick<Ports, 'pendingActions' | 'clock'>): TakePendingAction =>
  async (principal) =>
    formOf(await deps.pendingActions.take(requireSession(principal).sessionId, deps.clock.now()));
