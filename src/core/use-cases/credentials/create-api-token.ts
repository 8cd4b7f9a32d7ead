import { addDays } from '../../domain/days.js';
import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { API_TOKENS_PER_USER } from '../../domain/quotas.js';
import type { Ports } from '../../ports/ports.js';
import { createTokenRules, parse } from '../../rules.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { toApiTokenView } from '../to-views.js';
import { trailEvent } from '../trail-event.js';
import type { ApiTokenView } from '../views.js';

/** Session credentials only (a credential never mints a credential), with recent authentication. */
export type CreateApiToken = (principal: Principal, input: unknown) => Promise<{ token: ApiTokenView; secret: string }>;

/** A credential never mints a credential: only a recently authenticated browser session creates tokens. */
export const makeCreateApiToken =
  (deps: Pick<Ports, 'scopes' | 'secrets' | 'ids' | 'clock'>): CreateApiToken =>
  async (principal, input) => {
    requireSession(principal);
    const body = parse<{ name: string; expires_in_days: number | null }>(createTokenRules, input);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'always');
    const now = deps.clock.now();
    const { secret, hash } = deps.secrets.issue('api_token');
    const token = {
      id: deps.ids.next(),
      userId: principal.userId,
      name: body.name,
      tokenHash: hash,
      createdAt: now,
      expiresAt: body.expires_in_days === null ? null : addDays(now, body.expires_in_days),
      lastUsedAt: null,
    };
    await scope.transaction(async (tx) => {
      if ((await tx.countApiTokens()) >= API_TOKENS_PER_USER) throw new DomainError('quota_exceeded');
      await tx.insertApiToken(token);
      await tx.recordEvent(trailEvent(deps, 'api_token_created', principal.context, { targetId: token.id }));
    });
    return { token: toApiTokenView(token), secret };
  };
