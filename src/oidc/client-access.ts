import type { Request } from 'express';
import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccessDecision } from '../core/domain/access-policy.js';
import type { DecideClientAccess } from '../core/use-cases/access/decide-client-access.js';
import type { OidcAccount } from '../core/use-cases/oidc/find-oidc-account.js';
import { requestContext } from '../web/request-context.js';
import { signInOf } from './oidc-request-state.js';

/** The prompt between login and consent where a client's access policy (§17) refuses or asks for more. */
export const ACCESS_PROMPT = 'gatehouse_access';

/** Where the policy's answer travels to the interaction pages (the prompt's details). */
export const ACCESS_DETAIL = 'gatehouse_access';

const decided = new WeakMap<KoaContextWithOIDC, Promise<AccessDecision>>();

/** One decision per authorization request, however many of the prompt's checks ask (one event, one count). */
const decisionAt = (decide: DecideClientAccess, ctx: KoaContextWithOIDC): Promise<AccessDecision> | null => {
  const current = signInOf(ctx.req);
  const clientId = ctx.oidc.client?.clientId;
  // The login prompt comes first and holds the provider's session to this sign-in: without one, it asks.
  if (!current || !clientId || ctx.oidc.session?.accountId !== current.signIn.userId) return null;
  let found = decided.get(ctx);
  if (!found) {
    found = decide({ userId: current.signIn.userId, clientId, amr: current.signIn.amr, context: current.principal.context }).then((judged) => judged.decision);
    decided.set(ctx, found);
  }
  return found;
};

const refusal = (decide: DecideClientAccess, decision: Exclude<AccessDecision, 'allow'>, error: string) =>
  new interactionPolicy.Check(
    decision,
    `the client's access policy answered ${decision}`,
    error,
    async (ctx) => (await decisionAt(decide, ctx)) === decision,
    () => ({ [ACCESS_DETAIL]: decision }),
  );

/**
 * Judged at every authorization, before consent: outside the client's groups (access_denied under
 * prompt=none), or a second factor needed (login_required) or to be set up (interaction_required).
 */
export const accessPrompt = (decide: DecideClientAccess): interactionPolicy.Prompt =>
  new interactionPolicy.Prompt(
    { name: ACCESS_PROMPT, requestable: false },
    refusal(decide, 'deny', 'access_denied'),
    refusal(decide, 'second_factor_needed', 'login_required'),
    refusal(decide, 'second_factor_setup_needed', 'interaction_required'),
  );

/** What a code, refresh token or access token carries of the sign-in it came from. */
export interface TokenSource {
  kind?: string;
  amr?: string[];
  /** An access token's own amr is kept here (carryAmr). */
  extra?: { amr?: unknown };
}

const amrList = (value: unknown): readonly string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * The sign-in's amr goes onto each access token as it is issued (oidc-provider's extraTokenClaims),
 * from the code, device code or refresh token it is issued for. The token then proves its own
 * sign-in: it neither gains a second factor the provider's session proved later, nor loses one when
 * that session ends while an offline_access client carries on.
 */
export const carryAmr = (ctx: KoaContextWithOIDC | undefined): { amr: string[] } | undefined => {
  const entities = ctx?.oidc?.entities;
  const source = entities?.AuthorizationCode ?? entities?.DeviceCode ?? entities?.RefreshToken;
  return source?.amr ? { amr: [...amrList(source.amr)] } : undefined;
};

export const amrOf = (token: TokenSource): readonly string[] => amrList(token.kind === 'AccessToken' ? token.extra?.amr : token.amr);

/**
 * At the token endpoint and userinfo: may the account still use this client? Read now, so a member
 * removed from the client's groups (or a policy changed) fails from the next refresh (invalid_grant)
 * or userinfo call (invalid_token), on every instance.
 */
export const allowedAtTokenUse = async (decide: DecideClientAccess, ctx: KoaContextWithOIDC, account: OidcAccount, token: TokenSource): Promise<boolean> => {
  const clientId = ctx.oidc.client?.clientId;
  if (!clientId) return false;
  const amr = amrOf(token);
  const judged = await decide({ userId: account.userId, clientId, amr, context: requestContext(ctx.req as Request) });
  return judged.decision === 'allow';
};
