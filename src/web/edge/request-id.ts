import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { accessLogWriter } from '../../runtime/access-log.js';
import type { Principal } from '../../core/domain/principal.js';
import { logContext } from '../../runtime/logger.js';
import { clientAddressOf } from '../request-context.js';
import { routeTemplateOf } from './route-template.js';

export const requestIdOf = (res: Response): string => String(res.locals.requestId ?? '');

/**
 * A request is named by its route template as the API documents it (`/api/v1/sessions/{id}`),
 * failed or not, and an unmatched one by a fixed label: never the raw path, which may hold a
 * pasted token and is as long as the client likes.
 */
const routeOf = (template: string): string => (template.includes(':') ? template.replace(/:(\w+)/g, '{$1}') : template);

/** Gives every request an id (echoed in X-Request-Id) and writes one log line when it ends. */
export const requestId = (logger: Logger): RequestHandler => {
  const writeLine = accessLogWriter(logger);
  return (req, res, next) => {
    const id = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      writeLine({
        request_id: id,
        method: req.method,
        route: routeOf(routeTemplateOf(req)),
        status: res.statusCode,
        duration_ms: Math.round(durationMs * 10) / 10,
        // Who and from where (ASVS 16.2.1): the authenticated user, if any, and the address as trust proxy sees it.
        user_id: (res.locals.principal as Principal | undefined)?.userId ?? null,
        client_address: clientAddressOf(req),
      });
    });
    logContext.run({ request_id: id }, next);
  };
};
