import { addDays } from '../domain/days.js';
import { normalizeEmail } from '../domain/email.js';
import { DomainError } from '../domain/errors.js';
import type { RequestContext } from '../domain/request-context.js';
import type { Actor } from '../domain/security-event.js';
import type { UserId } from '../domain/user-id.js';
import type { Role } from '../domain/user.js';
import type { Ports } from '../ports/ports.js';
import { createInviteRules, parse } from '../rules.js';
import { OPERATOR_CONTEXT } from './operator-context.js';
import { toInviteView } from './to-views.js';
import { trailEvent } from './trail-event.js';
import type { UseCases } from './use-cases.js';

type InviteDeps = Pick<Ports, 'scopes' | 'secrets' | 'ids' | 'clock'>;
type Issued = ReturnType<UseCases['createInvite']>;
interface Issuer {
  id: UserId;
  role: Role;
  actor: Actor;
  context: RequestContext;
}

const issueInvite = async (deps: InviteDeps, issuer: Issuer, input: unknown): Issued => {
  if (issuer.role !== 'admin') throw new DomainError('forbidden');
  const body = parse<{ max_uses: number; expires_in_days: number }>(createInviteRules, input === undefined ? {} : input);
  const now = deps.clock.now();
  const { secret, hash } = deps.secrets.issue('invite');
  const invite = {
    id: deps.ids.next(),
    codeHash: hash,
    createdBy: issuer.id,
    maxUses: body.max_uses,
    usedCount: 0,
    createdAt: now,
    expiresAt: addDays(now, body.expires_in_days),
  };
  await deps.scopes.open(issuer.id).transaction(async (scope) => {
    await scope.insertInvite(invite);
    await scope.recordEvent(trailEvent(deps, 'invite_created', issuer.context, { actor: issuer.actor, targetId: invite.id }));
  });
  return { invite: toInviteView(invite), code: secret };
};

export const makeCreateInvite =
  (deps: InviteDeps): UseCases['createInvite'] =>
  (principal, input) =>
    issueInvite(deps, { id: principal.userId, role: principal.role, actor: 'self', context: principal.context }, input);

/** The operator names the issuing admin by email; an unknown or non-admin email is forbidden. */
export const makeCreateInviteAsOperator =
  (deps: InviteDeps & Pick<Ports, 'auth'>): UseCases['createInviteAsOperator'] =>
  async (adminEmail, input) => {
    const admin = await deps.auth.findUserByEmail(normalizeEmail(adminEmail));
    if (!admin) throw new DomainError('forbidden');
    return issueInvite(deps, { id: admin.id, role: admin.role, actor: 'operator', context: OPERATOR_CONTEXT }, input);
  };
