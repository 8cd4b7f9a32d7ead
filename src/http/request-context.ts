import type { Request } from 'express';
import type { RequestContext } from '../core/domain/request-context.js';

/** req.ip honours X-Forwarded-For only for the configured number of proxy hops ('trust proxy'). */
export const requestContext = (req: Request): RequestContext => ({
  userAgent: req.get('user-agent') ?? null,
  clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
});
