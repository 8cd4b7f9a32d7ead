import { isApiTokenExpired, isLastUsedStale } from '../../domain/api-token.js';
import { DomainError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import { isDisabled, toPublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { RequestContext } from '../views.js';

export type AuthenticateApiToken = (token: string, context: RequestContext) => Promise<Principal>;

export const makeAuthenticateApiToken =
  (deps: Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'clock'>): AuthenticateApiToken =>
  async (secret, context) => {
    const found = await deps.auth.findApiTokenByTokenHash(deps.secrets.hashOf(secret));
    const now = deps.clock.now();
    if (!found || isApiTokenExpired(found.token, now) || isDisabled(found.user)) throw new DomainError('not_authenticated');
    const { token, user } = found;
    // last_used_at is coalesced to one write a minute, so the read path stays read-only.
    if (isLastUsedStale(token, now)) await deps.scopes.open(user.id).touchApiToken(token.id, now);
    return { userId: user.id, user: toPublicUser(user), role: user.role, credential: { kind: 'api_token', tokenId: token.id }, context };
  };
