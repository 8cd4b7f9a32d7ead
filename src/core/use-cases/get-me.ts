import { DomainError } from '../domain/errors.js';
import { toPublicUser } from '../domain/user.js';
import type { Ports } from '../ports/ports.js';
import type { UseCases } from './use-cases.js';

export const makeGetMe =
  (deps: Pick<Ports, 'scopes'>): UseCases['getMe'] =>
  async (principal) => {
    const user = await deps.scopes.open(principal.userId).findUser();
    if (!user) throw new DomainError('not_authenticated');
    return toPublicUser(user);
  };
