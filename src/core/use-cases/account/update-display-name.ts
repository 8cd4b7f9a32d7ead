import type { Principal } from '../../domain/principal.js';
import type { PublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { displayNameRules, parse } from '../../rules.js';
import { trailEvent } from '../trail-event.js';

export type UpdateDisplayName = (principal: Principal, input: unknown) => Promise<PublicUser>;

export const makeUpdateDisplayName =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): UpdateDisplayName =>
  async (principal, input) => {
    const body = parse<{ display_name: string }>(displayNameRules, input);
    await deps.scopes.open(principal.userId).transaction(async (scope) => {
      await scope.updateUser({ displayName: body.display_name, updatedAt: deps.clock.now() });
      await scope.recordEvent(trailEvent(deps, 'display_name_changed', principal.context));
    });
    return { ...principal.user, displayName: body.display_name };
  };
