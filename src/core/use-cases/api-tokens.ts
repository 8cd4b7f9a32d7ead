import { addDays } from '../domain/days.js';
import { DomainError } from '../domain/errors.js';
import type { Ports } from '../ports/ports.js';
import { createTokenRules, parse } from '../rules.js';
import { toApiTokenView } from './to-views.js';
import type { UseCases } from './use-cases.js';

export const makeCreateApiToken =
  (deps: Pick<Ports, 'scopes' | 'secrets' | 'ids' | 'clock' | 'events'>): UseCases['createApiToken'] =>
  async (principal, input) => {
    const body = parse<{ name: string; expires_in_days: number | null }>(createTokenRules, input);
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
    await deps.scopes.open(principal.userId).insertApiToken(token);
    deps.events.record({ type: 'token_created', userId: principal.userId, targetId: token.id });
    return { token: toApiTokenView(token), secret };
  };

export const makeListApiTokens =
  (deps: Pick<Ports, 'scopes'>): UseCases['listApiTokens'] =>
  async (principal) =>
    (await deps.scopes.open(principal.userId).listApiTokens()).map(toApiTokenView);

export const makeRevokeApiToken =
  (deps: Pick<Ports, 'scopes' | 'events'>): UseCases['revokeApiToken'] =>
  async (principal, tokenId) => {
    if (!(await deps.scopes.open(principal.userId).deleteApiToken(tokenId))) throw new DomainError('not_found');
    deps.events.record({ type: 'token_revoked', userId: principal.userId, targetId: tokenId });
  };
