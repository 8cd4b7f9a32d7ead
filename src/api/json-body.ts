import type { RequestHandler } from 'express';
import { BODY_LIMIT_BYTES } from '../web/body/body-limit.js';
import { declaresTooMuch } from '../web/body/declared-length.js';
import { HttpProblem } from '../web/errors/problem.js';
import { readBody } from '../web/body/read-body.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `application/json`, optionally with a UTF-8 charset (RFC 8259 §8.1: JSON text is UTF-8). */
export const isJsonContentType = (header: string | undefined): boolean => {
  if (header === undefined) return false;
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => {
    const [key, value = ''] = param.split('=').map((part) => part.trim());
    return key !== 'charset' || ['utf-8', 'utf8', '"utf-8"'].includes(value);
  });
};

/** Any JSON value, not only objects: the use case's rules answer 422 for a non-object. */
const parseJson = (raw: unknown): unknown => {
  if (!Buffer.isBuffer(raw) || raw.length === 0) throw new HttpProblem('malformed_json');
  try {
    return JSON.parse(utf8.decode(raw));
  } catch {
    throw new HttpProblem('malformed_json');
  }
};

/** Any content coding but identity: the limit counts what the service would hold, and it inflates nothing. */
const isEncoded = (header: string | undefined): boolean => header !== undefined && header.trim().toLowerCase() !== 'identity';

/** Only on routes that take a body; the others never read one. Order: 415, then 413, then 400. */
export const jsonBody: RequestHandler = (req, _res, next) => {
  if (!isJsonContentType(req.get('content-type')) || isEncoded(req.get('content-encoding'))) throw new HttpProblem('unsupported_media_type');
  // From the header alone, before a byte is read (closeAfterOversizedBody closes the connection).
  if (declaresTooMuch(req)) throw new HttpProblem('payload_too_large');
  const done = (error: unknown, raw?: Buffer) => {
    if (error) return next(error);
    try {
      req.body = parseJson(raw);
    } catch (parseError) {
      return next(parseError);
    }
    next();
  };
  // The promise's callbacks run in the request's log context (that of the .then call), though the
  // body arrives on socket events: no AsyncResource.bind, whose every call built two deprecation shims.
  readBody(req, BODY_LIMIT_BYTES).then((raw) => done(null, raw), (error: unknown) => done(error));
};
