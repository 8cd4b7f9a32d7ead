import type { Request, RequestHandler } from 'express';
import { BODY_LIMIT_BYTES } from './body-limit.js';

/** The body size a request announces; chunked bodies announce none and are counted as they arrive. */
export const declaredLength = (req: Request): number => {
  const header = req.headers['content-length'];
  return header === undefined ? 0 : Number(header);
};

export const declaresTooMuch = (req: Request): boolean => declaredLength(req) > BODY_LIMIT_BYTES;

/**
 * A request announcing more than 16 KiB is never read, whatever the route answers: the response
 * closes the connection, where Node would otherwise read the body to its end to keep the socket.
 * A chunked body announces nothing and may never end: its connection ends with the response too,
 * after jsonBody has counted at most 16 KiB of it (or, on a route that takes none, nothing).
 */
export const closeAfterOversizedBody: RequestHandler = (req, res, next) => {
  if (declaresTooMuch(req) || req.headers['transfer-encoding'] !== undefined) res.set('Connection', 'close');
  next();
};
