import { DomainError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';

export type RevokeApiToken = (principal: Principal, tokenId: string) => Promise<void>;

export const makeRevokeApiToken =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): RevokeApiToken =>
  async (principal, tokenId) => {
    await deps.scopes.open(principal.userId).transaction(async (scope) => {
      if (!(await scope.deleteApiToken(tokenId))) throw new DomainError('not_found');
      await scope.recordEvent(trailEvent(deps, 'api_token_revoked', principal.context, { targetId: tokenId }));
    });
  };
