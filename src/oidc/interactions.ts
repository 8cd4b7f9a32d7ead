import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import type { Principal } from '../core/domain/principal.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import { InteractionsUnavailable, type AccessRefusal, type Interaction, type OidcInteractions, type SignedInBrowser } from '../web/oidc-interactions.js';
import { SKIP_CONSENT } from './client-metadata.js';
import { originOf } from '../web/page-sender.js';
import { SIGN_IN_ASKED } from './oidc-settings.js';
import { ACCESS_DETAIL, ACCESS_PROMPT } from './client-access.js';
import type { ProviderHolder } from './provider-holder.js';

export interface InteractionsDeps {
  holder: ProviderHolder;
  useCases: Pick<UseCases, 'grantOidcConsent'>;
  logger: Logger;
  now(): number;
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

interface AskedSession {
  sessionId: string;
  authTime: number;
}

/** What the interaction saw when it sent the person to sign in: undefined (never sent), null (no session), or that session. */
const signInAsked = (result: unknown): AskedSession | null | undefined => {
  if (typeof result !== 'object' || result === null || !(SIGN_IN_ASKED in result)) return undefined;
  const seen = (result as Record<string, unknown>)[SIGN_IN_ASKED];
  if (seen === null) return null;
  const { sessionId, authTime } = (seen ?? {}) as Partial<AskedSession>;
  return typeof sessionId === 'string' && typeof authTime === 'number' ? { sessionId, authTime } : undefined;
};

/**
 * Whether a signed-in person must sign in again for this authorization (prompt=login, or a max_age
 * past), unless they already did since it asked. Told by the session, not by the clock: the
 * interaction's iat has whole seconds, and a sign-in in the same second is not a new one.
 */
const mustSignInAgain = (details: Details, { signIn }: SignedInBrowser, now: number): boolean => {
  const asked = signInAsked(details.result);
  const since = asked !== undefined && (asked === null || signIn.sessionId !== asked.sessionId || signIn.authTime.getTime() > asked.authTime);
  if (since) return false; // however long the pages took under load
  const maxAge = details.params.max_age === undefined ? null : Number(details.params.max_age);
  return details.prompt.reasons.includes('login_prompt') || (maxAge !== null && now - signIn.authTime.getTime() > maxAge * 1000);
};

/** The pages' side of oidc-provider's interactions, over the provider the holder makes. */
export const oidcInteractions = (deps: InteractionsDeps): OidcInteractions => {
  const { holder } = deps;

  const provider = async (): Promise<Provider> => {
    try {
      return await holder.get();
    } catch (error) {
      deps.logger.warn({ err: error }, 'OpenID provider unavailable: its signing keys could not be read');
      throw new InteractionsUnavailable('the OpenID provider is starting');
    }
  };

  const details = async (engine: Provider, req: Request, res: Response): Promise<Details | null> => {
    try {
      return await engine.interactionDetails(req, res);
    } catch {
      return null;
    }
  };

  const consentOf = async (engine: Provider, found: Details): Promise<Interaction> => {
    const { prompt, params, uid } = found;
    const client = await engine.Client.find(String(params.client_id));
    const missing = ((prompt.details.missingOIDCScope as string[] | undefined) ?? []).filter((scope) => scope !== 'openid' || !found.grantId);
    return {
      uid,
      prompt: 'consent',
      accountId: found.session?.accountId ?? null,
      client: client ? { name: client.clientName ?? client.clientId, skipsConsent: client.metadata()[SKIP_CONSENT] === true } : null,
      scopes: missing.length ? missing : String(params.scope ?? '').split(' '),
      formActionOrigins: originOf(params.redirect_uri),
    };
  };

  const accessOf = async (engine: Provider, found: Details): Promise<Interaction> => {
    const client = await engine.Client.find(String(found.params.client_id));
    const refusal = found.prompt.details[ACCESS_DETAIL] as AccessRefusal;
    return { uid: found.uid, prompt: 'access', accountId: found.session?.accountId ?? null, refusal, clientName: client?.clientName ?? String(found.params.client_id) };
  };

  return {
    read: async (req, res) => {
      const engine = await provider();
      const found = await details(engine, req, res);
      if (!found) return null;
      if (found.prompt.name === 'login') return { uid: found.uid, prompt: 'login', mustSignInAgain: (current) => mustSignInAgain(found, current, deps.now()) };
      if (found.prompt.name === ACCESS_PROMPT) return accessOf(engine, found);
      return consentOf(engine, found);
    },
    askSignIn: async (req, res, current) => {
      const seen = current ? { sessionId: current.signIn.sessionId, authTime: current.signIn.authTime.getTime() } : null;
      await (await provider()).interactionResult(req, res, { [SIGN_IN_ASKED]: seen }, { mergeWithLastSubmission: false });
    },
    acceptLogin: async (req, res, { signIn }) => {
      const login = { accountId: signIn.userId, ts: Math.floor(signIn.authTime.getTime() / 1000), amr: signIn.amr };
      await (await provider()).interactionFinished(req, res, { login }, { mergeWithLastSubmission: false });
    },
    acceptConsent: async (req, res, principal: Principal) => {
      const engine = await provider();
      const found = await engine.interactionDetails(req, res);
      const accountId = found.session?.accountId;
      const clientId = String(found.params.client_id);
      if (found.prompt.name !== 'consent' || !accountId || accountId !== principal.userId) return 'sign-in';
      const grant = (found.grantId ? await engine.Grant.find(found.grantId) : undefined) ?? new engine.Grant({ accountId, clientId });
      const missing = found.prompt.details;
      if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope((missing.missingOIDCScope as string[]).join(' '));
      if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims as string[]);
      const grantId = await grant.save();
      await deps.useCases.grantOidcConsent(principal, { clientId, grantId });
      await engine.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return 'accepted';
    },
    deny: async (req, res) => {
      await (await provider()).interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User denied the request' }, { mergeWithLastSubmission: false });
    },
    refuse: async (req, res) =>
      (await provider()).interactionResult(req, res, { error: 'access_denied', error_description: "the account is outside the client's access policy" }, { mergeWithLastSubmission: false }),
  };
};
