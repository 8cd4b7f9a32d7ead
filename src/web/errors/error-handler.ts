import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { isDomainError } from '../../core/domain/errors.js';
import { GroupInUseError } from '../../core/domain/group-in-use.js';
import { usedBy } from './group-usage.js';
import { HttpProblem, problemBody, type ProblemBody, type ProblemCode } from './problem.js';
import { logRefusal } from './refusal-log.js';
import { requestIdOf } from '../edge/request-id.js';

export const sendProblem = (res: Response, body: ProblemBody): void => {
  if (body.status === 401) res.set('WWW-Authenticate', 'Bearer realm="gatehouse"');
  res.status(body.status).type('application/problem+json').send(JSON.stringify(body));
};

/** Errors raised by body-parser / the router that are the client's fault, by their `type` (the pages map them too). */
export const edgeCode = (error: unknown): ProblemCode | null => {
  if (error instanceof URIError) return 'not_found'; // an undecodable path id is no id at all
  if (typeof error !== 'object' || error === null) return null;
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large') return 'payload_too_large';
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return 'unsupported_media_type';
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) return 'malformed_json';
  return null;
};

/** The single place where a failure becomes a response; nothing from an unexpected error leaks. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const refuse = (body: ProblemBody): void => {
      logRefusal(logger, req, res, body);
      sendProblem(res, body);
    };
    if (isDomainError(error)) {
      const body = problemBody(error.code);
      if (error.code === 'validation_failed') {
        // Use cases report locs relative to the body object; the client sees where in the request.
        // A query-string problem comes located already (["query", …]).
        body.errors = error.problems.map((problem) => ({ loc: problem.loc[0] === 'query' ? problem.loc : ['body', ...problem.loc], msg: problem.msg }));
      }
      if (error instanceof GroupInUseError) body.used_by = usedBy(error.usage);
      if (error.retryAfterSeconds !== null) {
        res.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return refuse(body);
    }
    if (error instanceof HttpProblem && error.log) {
      logger.warn({ request_id: requestIdOf(res), refused: error.code, ...error.log.fields }, error.log.msg);
    }
    const code = error instanceof HttpProblem ? error.code : edgeCode(error);
    if (code) return refuse(problemBody(code));
    const requestId = requestIdOf(res);
    logger.error({ err: error, request_id: requestId, method: req.method }, 'unexpected error');
    sendProblem(res, problemBody('internal_error', requestId));
  };
