import type { OidcClient } from '../../domain/oidc-client.js';
import type { RequestContext } from '../../domain/request-context.js';
import type { UserId } from '../../domain/user-id.js';
import type { MemberProfile } from '../../ports/access-lookups.js';
import type { Ports } from '../../ports/ports.js';
import { judgeMember, type JudgeDeps, type Judged } from './judge-access.js';

export interface ClientAccessRequest {
  userId: UserId;
  clientId: string;
  /** The sign-in's RFC 8176 methods (the ID token's amr): a second-factor proof is `mfa`. */
  amr: readonly string[];
  context: RequestContext;
  /** Asked ahead by the lean userinfo: a refusal is neither counted nor recorded (judge-access.ts). */
  tentative?: boolean;
}

/** The request with the client and the member as the caller read them, with the token, a moment ago. */
export interface ReadClientAccessRequest extends ClientAccessRequest {
  client: OidcClient | null;
  profile: MemberProfile | null;
}

/**
 * For the provider (src/oidc), at each authorization, refresh and userinfo call: may this user use
 * this client now? The client and the memberships are read at the call, so a changed policy or a
 * member removed holds from the next one on every instance. An unknown client → deny.
 */
export type DecideClientAccess = (request: ClientAccessRequest) => Promise<Judged>;

/** The same decision on what the lean userinfo read in its one statement (find-userinfo-sources.ts). */
export type DecideReadClientAccess = (request: ReadClientAccessRequest) => Promise<Judged>;

const decide = async (deps: JudgeDeps, request: ClientAccessRequest, client: OidcClient | null, profileOf: () => Promise<MemberProfile | null>): Promise<Judged> => {
  if (!client) {
    if (request.tentative !== true) deps.accessMeter.count('oidc', 'deny');
    return { decision: 'deny', profile: null };
  }
  const judgement = {
    door: 'oidc',
    userId: request.userId,
    policy: client,
    mfaProved: request.amr.includes('mfa'),
    apiToken: false,
    targetId: client.clientId,
    context: request.context,
    tentative: request.tentative,
  } as const;
  return judgeMember(deps, judgement, await profileOf());
};

export const makeDecideClientAccess =
  (deps: JudgeDeps & Pick<Ports, 'oidcClients'>): DecideClientAccess =>
  async (request) =>
    decide(deps, request, await deps.oidcClients.find(request.clientId), () => deps.access.findMemberProfile(request.userId));

export const makeDecideReadClientAccess =
  (deps: JudgeDeps): DecideReadClientAccess =>
  ({ client, profile, ...request }) =>
    decide(deps, request, client, async () => profile);
