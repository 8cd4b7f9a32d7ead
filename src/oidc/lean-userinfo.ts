import type { Request, RequestHandler, Response } from 'express';
import type Provider from 'oidc-provider';
import type { UseCases } from '../core/use-cases/use-cases.js';
import { requestContext } from '../web/request-context.js';
import { pagePolicy } from '../web/page-sender.js';
import { USERINFO_PATH } from '../web/paths.js';
import { accountClaims } from './account-claims.js';
import type { ProviderHolder } from './provider-holder.js';
import { clientOf, grantedScope, sessionStillHolds, userinfoToken } from './userinfo-records.js';

export interface LeanUserinfoDeps {
  holder: Pick<ProviderHolder, 'get'>;
  useCases: Pick<UseCases, 'findUserinfoSources' | 'decideReadClientAccess'>;
  emailsVerified: boolean;
}

interface Answer {
  claims: Record<string, unknown>;
  allowedOrigins: readonly string[] | undefined;
}

/**
 * The access token of `GET /gatehouse/oidc/me` (as written: no query, no trailing slash, no capitals)
 * with `Authorization: Bearer <token>` and nothing else oidc-provider would read (no body, no DPoP
 * proof), split as oidc-provider splits it; null otherwise.
 */
export const plainBearer = (req: Request): string | null => {
  if (req.method !== 'GET' || req.url !== USERINFO_PATH) return null;
  const { headers } = req;
  if (headers.dpop !== undefined || headers['content-type'] !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return null;
  const parts = headers.authorization?.split(' ');
  if (parts?.length !== 2 || parts[0]?.toLowerCase() !== 'bearer' || !parts[1]) return null;
  return parts[1];
};

/**
 * oidc-provider's userinfo action (actions/userinfo.js, shared/access_token.js) for the common case
 * only, on the records of one read (findUserinfoSources) judged in plain code (userinfo-records.ts):
 * a live opaque access token with `openid`, no audience, not sender-constrained, no claims request,
 * bound to a provider session that still holds its grant; a client that asks no signed, encrypted or
 * pairwise answer; a live grant of the same client and account rejecting nothing; an active account
 * the client's access policy admits. Null for anything else: the provider itself then answers,
 * refusals included.
 */
const answerOf = async (deps: LeanUserinfoDeps, req: Request, value: string): Promise<Answer | null> => {
  const provider: Provider = await deps.holder.get();
  const read = await deps.useCases.findUserinfoSources(value);
  if (!read) return null;
  const now = Math.floor(Date.now() / 1000); // oidc-provider's epochTime
  const token = userinfoToken(read.token, now);
  if (!token || !sessionStillHolds(token, read.session, now)) return null;
  const client = read.client && clientOf(provider, read.client);
  if (!client || client.userinfoSignedResponseAlg || client.userinfoEncryptedResponseAlg || client.subjectType === 'pairwise') return null;
  const scope = grantedScope(token, read.grant, now);
  const { account } = read;
  if (scope === null || !account) return null;
  const judged = await deps.useCases.decideReadClientAccess({ userId: account.userId, clientId: token.clientId, amr: token.amr, context: requestContext(req), tentative: true, client: read.client, profile: read.profile });
  if (judged.decision !== 'allow') return null;
  const claims = new provider.Claims({ ...accountClaims(account, deps.emailsVerified), sub: account.userId }, { client });
  claims.scope(scope);
  return { claims: await claims.result(), allowedOrigins: read.client?.allowedOrigins };
};

/** The headers the provider's stack gives a userinfo answer (cors-policy.ts, create-provider.ts, shared/no_cache.js), and its JSON. */
const send = (req: Request, res: Response, { claims, allowedOrigins }: Answer): void => {
  res.vary('Origin');
  const origin = req.headers.origin;
  if (origin && allowedOrigins?.includes(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate');
  }
  res.setHeader('Content-Security-Policy', pagePolicy());
  res.setHeader('Cache-Control', 'no-store');
  const body = JSON.stringify(claims);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
};

/**
 * Userinfo at the cost of a session check: the common case answered without oidc-provider's Koa
 * stack, on the same models and rules; everything else, and any doubt or failure, goes on to the
 * provider untouched. spec/oidc/lean-userinfo-equivalence.spec.ts compares both ways.
 */
export const leanUserinfo =
  (deps: LeanUserinfoDeps): RequestHandler =>
  async (req, res, next) => {
    const value = plainBearer(req);
      if (value === null) return next();
    let answer: Answer | null;
    try {
      answer = await answerOf(deps, req, value);
    } catch {
          answer = null; // an outage or the keys unreadable: the provider answers it its own way
    }
    if (answer === null) return next();
    send(req, res, answer);
  };
