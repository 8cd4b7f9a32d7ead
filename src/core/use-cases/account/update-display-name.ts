import type { Ports } from '../../ports/ports.js';
import { displayNameRules, parse } from '../../rules.js';
import { trailEvent } from '../trail-event.js';
import type { UseCases } from '../use-cases.js';

export const makeUpdateDisplayName =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): UseCases['updateDisplayName'] =>
  async (principal, input) => {
    const body = parse<{ display_name: string }>(displayNameRules, input);
    await deps.scopes.open(principal.userId).transaction(async (scope) => {
      await scope.updateUser({ displayName: body.display_name, updatedAt: deps.clock.now() });
      await scope.recordEvent(trailEvent(deps, 'display_name_changed', principal.context));
    });
    return { ...principal.user, displayName: body.display_name };
  };
