import { DomainError } from '../domain/errors.js';
import { requireSession } from '../domain/principal.js';
import type { Ports } from '../ports/ports.js';
import { deleteAccountRules, parse } from '../rules.js';
import type { UseCases } from './use-cases.js';

export const makeDeleteAccount =
  (deps: Pick<Ports, 'scopes' | 'hasher' | 'events'>): UseCases['deleteAccount'] =>
  async (principal, input) => {
    requireSession(principal);
    const body = parse<{ password: string }>(deleteAccountRules, input);
    const scope = deps.scopes.open(principal.userId);
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    if (!(await deps.hasher.verify(user.passwordHash, body.password))) throw new DomainError('invalid_credentials');
    await scope.deleteUser();
    deps.events.record({ type: 'account_deleted', userId: user.id });
  };
