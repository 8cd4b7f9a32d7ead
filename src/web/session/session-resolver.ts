import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { isDomainError, type DomainError } from '../../core/domain/errors.js';
import type { Principal } from '../../core/domain/principal.js';
import type { SignInDescription } from '../../core/use-cases/sign-in/describe-sign-in.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import type { SessionGrant } from '../../core/use-cases/views.js';
import type { DeviceCookie } from '../cookies/device-cookie.js';
import type { SessionCookie } from '../cookies/session-cookie.js';
import { requestContext } from '../request-context.js';
import { presentedCredential } from './credentials.js';

export type SessionResolution =
  | { kind: 'none' }
  /** not_authenticated: unknown, expired, revoked, or its user disabled; the use case's own error, to rethrow as it is. */
  | { kind: 'invalid'; error: DomainError }
  | { kind: 'session'; principal: Principal; session: SessionGrant; renewed: boolean };

export type CredentialResolution = SessionResolution | { kind: 'bearer'; principal: Principal } | { kind: 'bearer-malformed' };

/** A browser signed in to Gatehouse and how, for the OpenID provider's login check and ID tokens. */
export interface SignedInBrowser {
  principal: Principal;
  signIn: SignInDescription;
}

export interface SessionResolver {
  /** The session cookie, looked up once per request: every later call (any face, any router) answers the same promise. */
  session(req: Request, res?: Response): Promise<SessionResolution>;
  /** API and forward auth: any Authorization header wins over the cookie (credentials.ts); a cookie goes through session(). */
  credential(req: Request, res: Response): Promise<CredentialResolution>;
  /** session() plus its sign-in's description, once: null unless a valid session the MFA policy does not hold to enrolment. */
  browserSignIn(req: Request, res?: Response): Promise<SignedInBrowser | null>;
  /** After a sign-in or a sign-out in this request: a later call looks again rather than answer the old session. */
  forget(req: Request): void;
  /** After a step-up in this request rotated the session's secret: later calls answer the session that `token` opens. */
  adopt(req: Request, token: string): void;
}

interface Memo {
  session?: Promise<SessionResolution>;
  bearer?: Promise<CredentialResolution>;
  browser?: Promise<SignedInBrowser | null>;
  /** A slid session's cookie goes out once, with the first caller that hands over the response. */
  renewalSent?: boolean;
}

const notAuthenticated = (error: unknown): error is DomainError => isDomainError(error) && error.code === 'not_authenticated';

/**
 * One per app. The memo is keyed on the raw request, which Express's routers and the provider's Koa
 * context share, so a request that passes through several faces costs one lookup. Any failure but
 * not_authenticated (an outage) rejects the memo: every caller in the request meets the same error.
 */
export const createSessionResolver = ({ useCases, cookie, device }: { useCases: UseCases; cookie: SessionCookie; device: DeviceCookie }): SessionResolver => {
  // A property of the request under a symbol of this resolver's own, not a WeakMap: thousands of
  // short-lived WeakMap keys a second cost the garbage collector more than the lookup they save.
  const MEMO = Symbol('session memo');
  type Memoised = IncomingMessage & { [MEMO]?: Memo };
  const memoOf = (req: Request): Memo => ((req as Memoised)[MEMO] ??= {});

  const lookUp = async (req: Request, token = cookie.read(req)): Promise<SessionResolution> => {
    if (token === null) return { kind: 'none' };
    try {
      return { kind: 'session', ...(await useCases.authenticateSession(token, { ...requestContext(req), deviceToken: device.read(req) })) };
    } catch (error) {
      if (notAuthenticated(error)) return { kind: 'invalid', error };
      throw error;
    }
  };

  const session = async (req: Request, res?: Response): Promise<SessionResolution> => {
    const memo = memoOf(req);
    memo.session ??= lookUp(req);
    const resolution = await memo.session;
    if (res && resolution.kind === 'session' && resolution.renewed && !memo.renewalSent) {
      memo.renewalSent = true;
      cookie.set(res, resolution.session);
    }
    return resolution;
  };

  const describe = async ({ principal }: { principal: Principal }): Promise<SignedInBrowser | null> => {
    try {
      return { principal, signIn: await useCases.describeSignIn(principal) };
    } catch (error) {
      if (notAuthenticated(error)) return null; // the session ended since this request began
      throw error;
    }
  };

  return {
    session,
    credential: async (req, res) => {
      const presented = presentedCredential(req, cookie);
      if (presented.kind === 'none') return { kind: 'none' };
      if (presented.kind === 'cookie') return session(req, res);
      if (presented.token === null) return { kind: 'bearer-malformed' };
      const memo = memoOf(req);
      memo.bearer ??= useCases.authenticateApiToken(presented.token, requestContext(req)).then((principal) => ({ kind: 'bearer', principal }));
      return memo.bearer;
    },
    browserSignIn: async (req, res) => {
      const resolution = await session(req, res);
      // A session held to second-factor enrolment may not sign in anywhere else yet.
      if (resolution.kind !== 'session' || resolution.principal.enrolmentRequired) return null;
      const memo = memoOf(req);
      memo.browser ??= describe(resolution);
      return memo.browser;
    },
    forget: (req) => void delete (req as Memoised)[MEMO],
    adopt: (req, token) => {
      // The new cookie already goes out with the step-up's answer: nothing to renew on its account.
      (req as Memoised)[MEMO] = { session: lookUp(req, token), renewalSent: true };
    },
  };
};
