import type { Request } from 'express';

/** The one label for every request that matched no route, so unknown paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

const segmentCount = (path: string): number => path.split('/').filter(Boolean).length;

/**
 * The route template a request matched (`/api/v1/sessions/:id`), never its raw path: ids, typos
 * and probes must not become labels or log fields of their own. Read when the response is done.
 *
 * `req.route.path` is the pattern inside its router; the router's mount path is rebuilt from the
 * leading segments of the request path, because `req.baseUrl` is reset once an error leaves the
 * router (and keeps the client's letter case). Mount paths are lower-case literals and route
 * patterns have a fixed number of segments, so the result is one of the app's templates.
 */
export const routeTemplateOf = (req: Request): string => {
  const pattern: unknown = req.route?.path;
  // A target that is no path (server.ts reduces them; supertest or a test app may not) names no template.
  if (typeof pattern !== 'string' || !req.originalUrl.startsWith('/')) return UNMATCHED_ROUTE;
  const query = req.originalUrl.indexOf('?');
  const path = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
  const segments = path.split('/').filter(Boolean);
  const mount = segments.slice(0, segments.length - segmentCount(pattern)).join('/').toLowerCase();
  const template = (mount === '' ? '' : `/${mount}`) + (pattern === '/' ? '' : pattern);
  return template === '' ? '/' : template;
};
