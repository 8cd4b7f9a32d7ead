import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Principal } from '../core/domain/principal.js';
import { logContext } from '../logger.js';

export const requestIdOf = (res: Response): string => String(res.locals.requestId ?? '');

/**
 * The matched route pattern with its router's mount path, else the path without its query string,
 * which could carry something secret.
 */
const routeOf = (req: Request): string => {
  const pattern: unknown = req.route?.path;
  if (typeof pattern !== 'string') return req.originalUrl.split('?')[0] ?? '';
  return pattern === '/' ? req.baseUrl : req.baseUrl + pattern;
};

/** Gives every request an id (echoed in X-Request-Id) and writes one log line when it ends. */
export const requestId =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    const id = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          request_id: id,
          method: req.method,
          route: routeOf(req),
          status: res.statusCode,
          duration_ms: Math.round(durationMs * 10) / 10,
          // Who and from where (ASVS 16.2.1): the authenticated user, if any, and the address as trust proxy sees it.
          user_id: (res.locals.principal as Principal | undefined)?.userId ?? null,
          client_address: req.ip ?? null,
        },
        'request',
      );
    });
    logContext.run({ request_id: id }, next);
  };
