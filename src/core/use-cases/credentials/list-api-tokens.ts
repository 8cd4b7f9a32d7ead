import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { toApiTokenView } from '../to-views.js';
import type { ApiTokenView } from '../views.js';

export type ListApiTokens = (principal: Principal) => Promise<ApiTokenView[]>;

export const makeListApiTokens =
  (deps: Pick<Ports, 'scopes'>): ListApiTokens =>
  async (principal) =>
    (await deps.scopes.open(principal.userId).listApiTokens()).map(toApiTokenView);
