import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Principal } from '../../core/domain/principal.js';
import { API } from '../paths.js';
import type { ProblemBody } from './problem.js';

/** Input refusals worth a security line only where credentials are presented (ASVS 16.3.3). */
const AUTH_ROUTES = `${API}/auth/`;
const INPUT_REFUSALS = new Set([400, 415, 422]);
const MAX_FIELDS = 10;
const MAX_FIELD_LENGTH = 64;

const eventOf = (status: number, req: Request): string | null => {
  if (status === 401) return 'authentication_refused';
  if (status === 403) return 'access_refused';
  if (INPUT_REFUSALS.has(status) && req.originalUrl.startsWith(AUTH_ROUTES)) return 'validation_refused';
  return null;
};

/**
 * One security line for each refused authentication, refused access (forbidden, csrf_rejected,
 * step_up_required, mfa_enrolment_required) and refused input on an authentication route: the
 * code, the field paths at fault, who (when known) and from where — never a submitted value.
 */
export const logRefusal = (logger: Pick<Logger, 'warn'>, req: Request, res: Response, body: ProblemBody): void => {
  const event = eventOf(body.status, req);
  if (event === null) return;
  const principal = res.locals.principal as Principal | undefined;
  logger.warn(
    {
      security_event: event,
      problem: body.code,
      user_id: principal?.userId ?? null,
      client_address: req.ip ?? null,
      // Field names only; a name the client made up is cut short, like a logged Origin.
      fields: body.errors?.slice(0, MAX_FIELDS).map((problem) => problem.loc.join('.').slice(0, MAX_FIELD_LENGTH)),
    },
    'security event',
  );
};
