import type { Request, RequestHandler } from 'express';
import { presentedCredential } from './credentials.js';
import type { OriginPolicy } from './origin-policy.js';
import { HttpProblem } from '../errors/problem.js';
import type { SessionCookie } from '../cookies/session-cookie.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A header is attacker-chosen and may be kilobytes long; the log needs only enough to recognise it.
const LOGGED_ORIGIN_MAX = 200;

/** The refusal: the body says only `csrf_rejected`, the server log says what was expected and seen. */
const refused = (req: Request, origins: OriginPolicy): HttpProblem =>
  new HttpProblem('csrf_rejected', {
    msg: 'refused: the Origin header is not the origin of SERVICE_PUBLIC_URL',
    fields: { expected_origin: origins.expected, received_origin: req.get('origin')?.slice(0, LOGGED_ORIGIN_MAX) ?? null },
  });

/**
 * A browser attaches the cookie to cross-site requests, so a mutating request that presents it
 * must prove it comes from our own pages. Decided on the cookie's presence, before it is looked
 * up, so a forged request learns nothing about the session and costs no database work.
 */
export const assertSameOrigin = (req: Request, origins: OriginPolicy, cookie: SessionCookie, method = req.method): void => {
  if (!MUTATING.has(method) || presentedCredential(req, cookie).kind !== 'cookie') return;
  if (!origins.accepts(req.get('origin'))) throw refused(req, origins);
};

/**
 * Forward auth: a proxy asks with GET on behalf of the request it holds, passing that request's
 * headers and naming its method in X-Forwarded-Method. Vouching for a cross-site POST would hand
 * the protected app a forged request, so the same rule applies to the method it names.
 */
export const requireForwardedSameOrigin =
  (origins: OriginPolicy, cookie: SessionCookie): RequestHandler =>
  (req, _res, next) => {
    const forwarded = req.get('x-forwarded-method');
    if (forwarded !== undefined) assertSameOrigin(req, origins, cookie, forwarded.trim().toUpperCase());
    next();
  };

/** Login and registration set the cookie: refuse them from a foreign page (login CSRF). */
export const rejectForeignOrigin =
  (origins: OriginPolicy): RequestHandler =>
  (req, _res, next) => {
    if (req.get('origin') !== undefined && !origins.accepts(req.get('origin'))) throw refused(req, origins);
    next();
  };

/**
 * Both rules at once, for forms whose answer acts without the cookie's say-so: signing out expires
 * the cookie even when a cross-site POST left the SameSite=Lax cookie behind (docs/security.md,
 * "forced sign-out"). A foreign or `null` Origin is refused whether or not the cookie came (bearer
 * or not: no page of another origin may end the browser's session), a missing one with the cookie.
 */
export const requireOwnOrigin =
  (origins: OriginPolicy, cookie: SessionCookie): RequestHandler =>
  (req, _res, next) => {
    if (req.get('origin') !== undefined && !origins.accepts(req.get('origin'))) throw refused(req, origins);
    assertSameOrigin(req, origins, cookie);
    next();
  };
