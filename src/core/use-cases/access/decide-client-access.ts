import type { RequestContext } from '../../domain/request-context.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';
import { judgeAccess, type JudgeDeps, type Judged } from './judge-access.js';

export interface ClientAccessRequest {
  userId: UserId;
  clientId: string;
  /** The sign-in's RFC 8176 methods (the ID token's amr): a second-factor proof is `mfa`. */
  amr: readonly string[];
  context: RequestContext;
  /** Asked ahead by the lean userinfo: a refusal is neither counted nor recorded (judge-access.ts). */
  tentative?: boolean;
}

/**
 * For the provider (src/oidc), at each authorization, refresh and userinfo call: may this user use
 * this client now? The client and the memberships are read at the call, so a changed policy or a
 * member removed holds from the next one on every instance. An unknown client → deny.
 */
export type DecideClientAccess = (request: ClientAccessRequest) => Promise<Judged>;

export const makeDecideClientAccess =
  (deps: JudgeDeps & Pick<Ports, 'oidcClients'>): DecideClientAccess =>
  async (request) => {
    const client = await deps.oidcClients.find(request.clientId);
    if (!client) {
      if (request.tentative !== true) deps.accessMeter.count('oidc', 'deny');
      return { decision: 'deny', profile: null };
    }
    return judgeAccess(deps, {
      door: 'oidc',
      userId: request.userId,
      policy: client,
      mfaProved: request.amr.includes('mfa'),
      apiToken: false,
      targetId: client.clientId,
      context: request.context,
      tentative: request.tentative,
    });
  };
