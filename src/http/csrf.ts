import type { Request, RequestHandler } from 'express';
import { presentedCredential } from './credentials.js';
import { HttpProblem } from './problem.js';
import type { SessionCookie } from './session-cookie.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser attaches the cookie to cross-site requests, so a mutating request that presents it
 * must prove it comes from our own pages. Decided on the cookie's presence, before it is looked
 * up, so a forged request learns nothing about the session and costs no database work.
 */
export const assertSameOrigin = (req: Request, publicOrigin: string, cookie: SessionCookie, method = req.method): void => {
  if (!MUTATING.has(method) || presentedCredential(req, cookie).kind !== 'cookie') return;
  if (req.get('origin') !== publicOrigin) throw new HttpProblem('csrf_rejected');
};

/**
 * Forward auth: a proxy asks with GET on behalf of the request it holds, passing that request's
 * headers and naming its method in X-Forwarded-Method. Vouching for a cross-site POST would hand
 * the protected app a forged request, so the same rule applies to the method it names.
 */
export const requireForwardedSameOrigin =
  (publicOrigin: string, cookie: SessionCookie): RequestHandler =>
  (req, _res, next) => {
    const forwarded = req.get('x-forwarded-method');
    if (forwarded !== undefined) assertSameOrigin(req, publicOrigin, cookie, forwarded.trim().toUpperCase());
    next();
  };

export const requireSameOrigin =
  (publicOrigin: string, cookie: SessionCookie): RequestHandler =>
  (req, _res, next) => {
    assertSameOrigin(req, publicOrigin, cookie);
    next();
  };

/** Login and registration set the cookie: refuse them from a foreign page (login CSRF). */
export const rejectForeignOrigin =
  (publicOrigin: string): RequestHandler =>
  (req, _res, next) => {
    const origin = req.get('origin');
    if (origin !== undefined && origin !== publicOrigin) throw new HttpProblem('csrf_rejected');
    next();
  };
