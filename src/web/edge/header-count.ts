import type { RequestHandler } from 'express';
import { CONNECTION_LIMITS } from '../../runtime/connection-limits.js';
import { HttpProblem } from '../errors/problem.js';

/**
 * Node keeps one header line more than the limit and silently drops the rest; a request that
 * reached the extra one is refused, rather than handled without headers it may have meant.
 */
export const refuseTooManyHeaders: RequestHandler = (req, res, next) => {
  if (req.rawHeaders.length <= 2 * CONNECTION_LIMITS.maxHeadersCount) return next();
  res.set('Connection', 'close'); // as Node does for a header section too large
  throw new HttpProblem('headers_too_large');
};
