import type { AdminCaller } from '../../domain/admin-principal.js';
import { addDays } from '../../domain/days.js';
import { normalizeEmail } from '../../domain/email.js';
import { DomainError } from '../../domain/errors.js';
import { LIVE_INVITES_PER_ADMIN } from '../../domain/quotas.js';
import type { Ports } from '../../ports/ports.js';
import { createInviteRules, parse } from '../../rules.js';
import { openAdminScope } from '../admin/admin-authentication.js';
import { trailEvent } from '../trail-event.js';
import { toInviteView } from '../to-views.js';
import type { Principal } from '../../domain/principal.js';
import type { InviteView } from '../views.js';
type InviteDeps = Pick<Ports, 'scopes' | 'admins' | 'secrets' | 'ids' | 'clock'>;
/** Admins only (else forbidden). */
export type CreateInvite = (principal: Principal, input: unknown) => Promise<{ invite: InviteView; code: string }>;
type Issued = ReturnType<CreateInvite>;
type Issuer = { self: true } | { email: string };

/**
 * An admin issues invites (an operator on an admin's behalf). Counted and inserted in one admin
 * transaction, so concurrent requests cannot overshoot the quota of live invites (docs/security.md).
 */
const issueInvite = async (deps: InviteDeps, caller: AdminCaller, issuer: Issuer, input: unknown): Issued => {
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
    // An admin's own invite is its own act; the operator's is recorded as the operator's.
    await by.scope.recordEvent(trailEvent(deps, 'invite_created', acting.context, { actor: acting.actor === 'operator' ? 'operator' : 'self', targetId: id }));
    return record;
  });
  return { invite: toInviteView(invite), code: secret };
};

export const makeCreateInvite =
  (deps: InviteDeps): CreateInvite =>
  (principal, input) =>
    issueInvite(deps, principal, { self: true }, input);

/** The operator's path: acts as the admin with that email; unknown or non-admin → forbidden. */
export type CreateInviteAsOperator = (adminEmail: string, input: unknown) => Promise<{ invite: InviteView; code: string }>;

/** The operator names the issuing admin by email; an unknown, disabled or non-admin email is forbidden. */
export const makeCreateInviteAsOperator =
  (deps: InviteDeps): CreateInviteAsOperator =>
  (adminEmail, input) =>
    issueInvite(deps, 'operator', { email: adminEmail }, input);
