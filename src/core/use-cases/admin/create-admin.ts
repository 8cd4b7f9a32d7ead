import { localPartOf } from '../../domain/email.js';
import { DomainError } from '../../domain/errors.js';
import { toPublicUser, type PublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { createAdminRules, parse } from '../../rules.js';
import { ensurePasswordPolicy } from '../account/ensure-password-policy.js';
import { OPERATOR_CONTEXT } from './operator-context.js';
import { trailEvent } from '../trail-event.js';

/** input: { email, password, display_name? }. An existing email → email_taken, nothing changed. */
export type CreateAdmin = (input: unknown) => Promise<PublicUser>;

/** docs/operations.md: never updates an existing row; the same rules as registration; any number of admins. */
export const makeCreateAdmin =
  (deps: Pick<Ports, 'auth' | 'hasher' | 'blocklist' | 'ids' | 'clock'>): CreateAdmin =>
  async (input) => {
    const body = parse<{ email: string; password: string; display_name?: string }>(createAdminRules, input);
    const displayName = body.display_name ?? localPartOf(body.email);
    await ensurePasswordPolicy(deps, body.password, { email: body.email, displayName }, 'password');
    if (await deps.auth.findUserByEmail(body.email)) throw new DomainError('email_taken');
    const now = deps.clock.now();
    const candidate = {
      id: deps.ids.next(),
      email: body.email,
      displayName,
      username: null,
      passwordHash: await deps.hasher.hash(body.password),
      role: 'admin' as const,
      createdAt: now,
      updatedAt: now,
      disabledAt: null,
      lastLoginAt: null,
    };
    const inserted = await deps.auth.insertUser(candidate, (scope) =>
      scope.recordEvent(trailEvent(deps, 'registered', OPERATOR_CONTEXT, { actor: 'operator' })),
    );
    if (inserted.outcome !== 'inserted') throw new DomainError(inserted.outcome);
    return toPublicUser(inserted.user);
  };
