import type { AdminCaller } from '../../domain/admin-principal.js';
import { addDays } from '../../domain/days.js';
import { normalizeEmail } from '../../domain/email.js';
import { DomainError } from '../../domain/errors.js';
import { apiTokenIdOf } from '../../domain/principal.js';
import { LIVE_INVITES_PER_ADMIN } from '../../domain/quotas.js';
import type { Ports } from '../../ports/ports.js';
import { createInviteRules, parse } from '../../rules.js';
import { openAdminScope } from '../admin/admin-authentication.js';
import { trailEvent } from '../trail-event.js';
import { toInviteView } from '../to-views.js';
import type { InviteView } from '../views.js';

export type InviteDeps = Pick<Ports, 'scopes' | 'admins' | 'secrets' | 'ids' | 'clock'>;
export type IssuedInvite = { invite: InviteView; code: string };
/** Who issues: the acting admin itself, or the admin an operator names by email. */
export type Issuer = { self: true } | { email: string };

/**
 * An admin issues invites (an operator on an admin's behalf). Counted and inserted in one admin
 * transaction, so concurrent requests cannot overshoot the quota of live invites (docs/security.md).
 */
export const issueInvite = async (deps: InviteDeps, caller: AdminCaller, issuer: Issuer, input: unknown): Promise<IssuedInvite> => {
  const scope = await openAdminScope(deps, caller);
  const body = parse<{ max_uses: number; expires_in_days: number }>(createInviteRules, input === undefined ? {} : input);
  const now = deps.clock.now();
  const { secret, hash } = deps.secrets.issue('invite');
  const id = deps.ids.next();
  const invite = await scope.transaction(async (admin) => {
    const acting = admin.admin;
    const by = 'email' in issuer ? await admin.findUserByEmail(normalizeEmail(issuer.email)) : acting.adminId && (await admin.findUser(acting.adminId));
    if (!by || by.user.role !== 'admin' || by.user.disabledAt !== null) throw new DomainError('forbidden');
    if ((await admin.countLiveInvites(by.user.id, now)) >= LIVE_INVITES_PER_ADMIN) throw new DomainError('quota_exceeded');
    const record = { id, codeHash: hash, createdBy: by.user.id, maxUses: body.max_uses, usedCount: 0, createdAt: now, expiresAt: addDays(now, body.expires_in_days) };
    await by.scope.insertInvite(record);
    // An admin's own invite is its own act; the operator's is recorded as the operator's. An API
    // token may issue invites (automation), so the event names it: after a leak, the trail says what it did.
    const viaTokenId = caller === 'operator' ? null : apiTokenIdOf(caller);
    await by.scope.recordEvent(trailEvent(deps, 'invite_created', acting.context, { actor: acting.actor === 'operator' ? 'operator' : 'self', targetId: id, viaTokenId }));
    return record;
  });
  return { invite: toInviteView(invite), code: secret };
};
