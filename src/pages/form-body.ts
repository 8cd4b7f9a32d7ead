import type { Request, RequestHandler } from 'express';
import { BODY_LIMIT_BYTES } from '../web/body/body-limit.js';
import { declaresTooMuch } from '../web/body/declared-length.js';
import { HttpProblem } from '../web/errors/problem.js';
import { readBody } from '../web/body/read-body.js';

/** A posted form: each name's first value, as text. */
export type FormFields = Record<string, string>;

const isFormType = (header: string | undefined): boolean =>
  header !== undefined && header.split(';', 1)[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * The pages' forms, `application/x-www-form-urlencoded`, under the API's limit of 16 KiB read as
 * it streams. A name given twice keeps its first value: a form never sends one twice, and a use
 * case must never see an array where it expects text.
 */
export const formBody: RequestHandler = (req, _res, next) => {
  if (replayed.has(req)) return next();
  if (!isFormType(req.get('content-type')) || (req.get('content-encoding') ?? 'identity').trim().toLowerCase() !== 'identity') {
    throw new HttpProblem('unsupported_media_type');
  }
  if (declaresTooMuch(req)) throw new HttpProblem('payload_too_large');
  const done = (error: unknown, raw?: Buffer) => {
    if (error) return next(error);
    // No prototype: a field named __proto__ or constructor is only a field.
    const fields = Object.create(null) as FormFields;
    for (const [name, value] of new URLSearchParams(raw?.toString('utf8') ?? '')) if (!Object.hasOwn(fields, name)) fields[name] = value;
    req.body = fields;
    next();
  };
  // The promise's callbacks run in the request's log context (that of the .then call), though the
  // body arrives on socket events: no AsyncResource.bind, whose every call built two deprecation shims.
  readBody(req, BODY_LIMIT_BYTES).then((raw) => done(null, raw), (error: unknown) => done(error));
};

/** Requests whose form was kept server-side and is sent again after a confirmation: their body was read long ago. */
const replayed = new WeakSet<object>();

/** Gives `req` the fields of a form it did not carry itself (a pending action carried out on confirming). */
export const replayForm = (req: Request, fields: FormFields): void => {
  replayed.add(req);
  req.body = fields;
};

/** The posted fields (empty when the route took none). */
export const fieldsOf = (body: unknown): FormFields => (typeof body === 'object' && body !== null ? (body as FormFields) : {});
