import { DomainError } from '../domain/errors.js';
import { toPublicUser } from '../domain/user.js';
import type { Ports } from '../ports/ports.js';
import { displayNameRules, parse } from '../rules.js';
import type { UseCases } from './use-cases.js';

export const makeUpdateDisplayName =
  (deps: Pick<Ports, 'scopes' | 'clock'>): UseCases['updateDisplayName'] =>
  async (principal, input) => {
    const body = parse<{ display_name: string }>(displayNameRules, input);
    const scope = deps.scopes.open(principal.userId);
    await scope.updateUser({ displayName: body.display_name, updatedAt: deps.clock.now() });
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    return toPublicUser(user);
  };
