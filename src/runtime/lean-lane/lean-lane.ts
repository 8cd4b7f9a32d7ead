import type { RequestHandler } from 'express';
import { DomainError } from '../../core/domain/errors.js';
import { runChain } from './run-chain.js';

/** A read answered by the same handlers whichever way it arrives: its router, or the lean lane. */
export interface HotRead {
  /** The route template, as the access log and the metrics name it. */
  template: string;
  handlers: RequestHandler[];
}

/** The route as routeTemplateOf (access log, metrics) reads it from a request its router matched. */
const matched = (template: string) => ({ path: template });

/**
 * The hot reads (GET and HEAD of /users/me and /auth/verify) answered ahead of the app's routers:
 * the first layer of the app runs the same edge chain (edge-chain.ts) and the same route handlers
 * (routes/hot-reads.ts) as plain calls, skipping the walk through a dozen mounted routers. Only the
 * exact path is taken — the routers' other spellings (a trailing slash, capitals) and every other
 * method go on to the general chain — and any failure goes on to the app's one error handler.
 * spec/http/lean-lane-equivalence.spec.ts compares both ways byte for byte.
 */
export const leanLane = (edge: readonly RequestHandler[], reads: readonly HotRead[]): RequestHandler => {
  const byPath = new Map(reads.map((read) => [read.template, read]));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const query = req.url.indexOf('?');
    const read = byPath.get(query === -1 ? req.url : req.url.slice(0, query));
    if (read === undefined) return next();
    runChain(edge, req, res, (refused) => {
      if (refused !== undefined) return next(refused);
      req.route = matched(read.template);
      // A handler that passed the request on: the general chain's last word for it is 404 too.
      runChain(read.handlers, req, res, (error) => next(error ?? new DomainError('not_found')));
    });
  };
};
