import { AsyncResource } from 'node:async_hooks';
import express, { type RequestHandler } from 'express';
import { BODY_LIMIT_BYTES } from './body-limit.js';
import { declaresTooMuch } from './declared-length.js';
import { HttpProblem } from './problem.js';

const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });
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

/** Only on routes that take a body; the others never read one. Order: 415, then 413, then 400. */
export const jsonBody: RequestHandler = (req, res, next) => {
  if (!isJsonContentType(req.get('content-type'))) throw new HttpProblem('unsupported_media_type');
  // From the header alone: body-parser would read the whole body before its 413 (closeAfterOversizedBody closes).
  if (declaresTooMuch(req)) throw new HttpProblem('payload_too_large');
  // The body arrives on socket events, outside the request's log context: carry it across.
  const done = AsyncResource.bind((error?: unknown) => {
    if (error) return next(error);
    try {
      req.body = parseJson(req.body);
    } catch (parseError) {
      return next(parseError);
    }
    next();
  });
  readRaw(req, res, done);
};
