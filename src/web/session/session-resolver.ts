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

const NONE: SessionResolution = Object.freeze({ kind: 'none' });
const BEARER_MALFORMED: CredentialResolution = Object.freeze({ kind: 'bearer-malformed' });

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

  const lookUp = async (req: Request, token: string | null, res?: Response): Promise<SessionResolution> => {
    if (token === null) return NONE;
    try {
      const resolution: SessionResolution = { kind: 'session', ...(await useCases.authenticateSession(token, { ...requestContext(req), deviceToken: device.read(req) })) };
      if (res && resolution.renewed) cookie.set(res, resolution.session);
      return resolution;
    } catch (error) {
      if (notAuthenticated(error)) return { kind: 'invalid', error };
      throw error;
    }
  };

  // Not async, and the first caller's response renews the cookie inside the lookup: every request
  // pays this, and each extra promise costs the event loop and AsyncLocalStorage (docs/performance.md).
  const session = (req: Request, res?: Response): Promise<SessionResolution> => {
    const memo = memoOf(req);
    if (memo.session === undefined) {
      memo.session = lookUp(req, cookie.read(req), res);
      memo.renewalSent = res !== undefined;
      return memo.session;
    }
    if (!res || memo.renewalSent) return memo.session;
    memo.renewalSent = true;
    return memo.session.then((resolution) => {
      if (resolution.kind === 'session' && resolution.renewed) cookie.set(res, resolution.session);
      return resolution;
    });
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
    credential: (req, res) => {
      const presented = presentedCredential(req, cookie);
      if (presented.kind === 'none') return Promise.resolve(NONE);
      if (presented.kind === 'cookie') return session(req, res);
      if (presented.token === null) return Promise.resolve(BEARER_MALFORMED);
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
