import type { Request } from 'express';
import type { SignInContext } from '../../core/use-cases/views.js';
import { requestContext } from '../request-context.js';
import type { SessionCookie } from '../cookies/session-cookie.js';

/**
 * What the request presents. Any Authorization header makes it a bearer request and the cookie
 * is then ignored (docs/security.md); a header that is not `Bearer <token>` carries no usable token.
 */
export type Presented =
  | { kind: 'bearer'; token: string | null }
  | { kind: 'cookie'; token: string }
  | { kind: 'none' };

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i;

export const presentedCredential = (req: Request, cookie: SessionCookie): Presented => {
  const authorization = req.get('authorization');
  if (authorization !== undefined) return { kind: 'bearer', token: BEARER.exec(authorization)?.[1] ?? null };
  const token = cookie.read(req);
  return token === null ? { kind: 'none' } : { kind: 'cookie', token };
};

/** The cookie token, unless a bearer header makes the cookie irrelevant for this request. */
export const presentedSessionToken = (req: Request, cookie: SessionCookie): string | null => {
  const presented = presentedCredential(req, cookie);
  return presented.kind === 'cookie' ? presented.token : null;
};

/**
 * What every sign-in route (registration, login, its second step, passwordless, recovery) hands its
 * use case: where the request came from, the session cookie that came along — ended by the use case
 * whatever else the request carries, so a planted cookie never becomes signed in — and the device cookie.
 */
export const signInContextOf = (req: Request, deps: { cookie: SessionCookie; device: { read(req: Request): string | null } }): SignInContext => ({
  ...requestContext(req),
  presentedSessionToken: deps.cookie.read(req),
  deviceToken: deps.device.read(req),
});
