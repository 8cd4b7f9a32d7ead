import type { RequestContext } from '../domain/request-context.js';
import type { Actor, NewSecurityEvent, TrailEventType } from '../domain/security-event.js';
import type { UserId } from '../domain/user-id.js';
import type { Ports } from '../ports/ports.js';

export interface EventDetail {
  actor?: Actor;
  actorId?: UserId | null;
  targetId?: string | null;
  viaTokenId?: string | null;
}

/** A trail event as of now, from where the request came; the scope that records it names the user. */
export const trailEvent = (
  deps: Pick<Ports, 'ids' | 'clock'>,
  type: TrailEventType,
  context: RequestContext,
  detail: EventDetail = {},
): NewSecurityEvent => ({
  id: deps.ids.next(),
  type,
  actor: detail.actor ?? 'self',
  actorId: detail.actorId ?? null,
  targetId: detail.targetId ?? null,
  viaTokenId: detail.viaTokenId ?? null,
  clientAddress: context.clientAddress,
  userAgent: context.userAgent,
  createdAt: deps.clock.now(),
});
