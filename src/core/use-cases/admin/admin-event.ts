import type { AdminPrincipal } from '../../domain/admin-principal.js';
import type { NewSecurityEvent, TrailEventType } from '../../domain/security-event.js';
import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';

/** A trail event of an admin or operator action: who acted comes from the principal, never from input. */
export const adminEvent = (
  deps: Pick<Ports, 'ids' | 'clock'>,
  admin: AdminPrincipal,
  type: TrailEventType,
  targetId: string | null = null,
): NewSecurityEvent => trailEvent(deps, type, admin.context, { actor: admin.actor, actorId: admin.adminId, targetId });
