import type { SecurityEvent } from '../../domain/security-event.js';
import { toPublicUser } from '../../domain/user.js';
import type { AdminUser } from '../../ports/admin-scopes.js';
import type { AdminUserView, EventView } from '../views.js';

export const toAdminUserView = ({ user, mfa }: AdminUser): AdminUserView => ({
  user: toPublicUser(user),
  disabled: user.disabledAt !== null,
  mfa,
  lastLoginAt: user.lastLoginAt,
});

/** Never a secret: the target id stays inside (it may name a session or a token). */
export const toEventView = (event: SecurityEvent): EventView => ({
  id: event.id,
  userId: event.userId,
  type: event.type,
  actor: event.actor,
  clientAddress: event.clientAddress,
  userAgent: event.userAgent,
  createdAt: event.createdAt,
});
