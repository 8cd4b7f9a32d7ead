import type { ErrorCode } from '../../core/domain/errors.js';
import type { UsedBy } from './group-usage.js';

/** Failures only the HTTP edge can detect; the core never sees a request body or an Origin. */
export type HttpOnlyCode =
  | 'malformed_json'
  | 'csrf_rejected'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'malformed_request'
  | 'headers_too_large'
  | 'request_timeout'
  | 'internal_error';

export type ProblemCode = ErrorCode | HttpOnlyCode;

export interface ProblemKind {
  status: number;
  title: string;
  /** Fixed text: a detail never echoes anything the client sent. */
  detail: string;
}

const domainProblems: Record<ErrorCode, ProblemKind> = {
  validation_failed: { status: 422, title: 'Unprocessable Content', detail: 'Request body is invalid.' },
  invite_invalid: { status: 400, title: 'Bad Request', detail: 'The invite code is unknown or expired.' },
  invite_exhausted: { status: 409, title: 'Conflict', detail: 'The invite has no uses left.' },
  email_taken: { status: 409, title: 'Conflict', detail: 'An account with this email already exists.' },
  not_authenticated: { status: 401, title: 'Unauthorized', detail: 'A valid session cookie or API token is required.' },
  invalid_credentials: { status: 401, title: 'Unauthorized', detail: 'The email or password is incorrect.' },
  forbidden: { status: 403, title: 'Forbidden', detail: 'This credential may not perform this action.' },
  not_found: { status: 404, title: 'Not Found', detail: 'The requested resource does not exist.' },
  too_many_requests: { status: 429, title: 'Too Many Requests', detail: 'Too many attempts; retry later.' },
  unavailable: { status: 503, title: 'Service Unavailable', detail: 'The service is temporarily unavailable; retry later.' },
  webauthn_failed: { status: 400, title: 'Bad Request', detail: 'The passkey response could not be verified.' },
  recovery_invalid: { status: 400, title: 'Bad Request', detail: 'The recovery code is unknown, used or expired.' },
  mfa_already_enabled: { status: 409, title: 'Conflict', detail: 'A confirmed authenticator app already exists.' },
  mfa_not_enabled: { status: 409, title: 'Conflict', detail: 'There is no second factor for this action.' },
  passkey_limit: { status: 409, title: 'Conflict', detail: 'The account already has the most passkeys allowed.' },
  mfa_enrolment_required: { status: 403, title: 'Forbidden', detail: 'A second factor must be enrolled first.' },
  quota_exceeded: { status: 409, title: 'Conflict', detail: 'The account has reached its limit for this kind of record.' },
  self_action_refused: { status: 409, title: 'Conflict', detail: 'An administrator cannot do this to its own account.' },
  last_admin: { status: 409, title: 'Conflict', detail: 'The service must keep at least one enabled administrator.' },
  step_up_required: { status: 403, title: 'Forbidden', detail: 'Recent authentication is required; step up first.' },
  username_taken: { status: 409, title: 'Conflict', detail: 'Another account has this username.' },
  group_name_taken: { status: 409, title: 'Conflict', detail: 'A group with this name already exists.' },
  group_in_use: { status: 409, title: 'Conflict', detail: 'An access policy names this group.' },
  access_denied: { status: 403, title: 'Forbidden', detail: 'The account does not have access to this application.' },
};

const httpProblems: Record<HttpOnlyCode, ProblemKind> = {
  malformed_json: { status: 400, title: 'Bad Request', detail: 'The request body is not valid JSON.' },
  csrf_rejected: { status: 403, title: 'Forbidden', detail: 'The request Origin is missing or not allowed.' },
  payload_too_large: { status: 413, title: 'Content Too Large', detail: 'The request body exceeds 16 KiB.' },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported Media Type',
    detail: 'The request body must be application/json.',
  },
  malformed_request: { status: 400, title: 'Bad Request', detail: 'The request could not be parsed as HTTP/1.1.' },
  headers_too_large: {
    status: 431,
    title: 'Request Header Fields Too Large',
    detail: 'The request headers exceed 16 KiB or 100 lines.',
  },
  request_timeout: { status: 408, title: 'Request Timeout', detail: 'The request did not arrive in time.' },
  internal_error: { status: 500, title: 'Internal Server Error', detail: 'An unexpected error occurred.' },
};

/** The one table from error code to HTTP status and title. */
export const PROBLEMS: Record<ProblemCode, ProblemKind> = { ...domainProblems, ...httpProblems };

/** What the server log says about a refusal, beside the request id; never part of the response. */
export interface ProblemLog {
  msg: string;
  fields: Record<string, unknown>;
}

/** Thrown by HTTP middleware for the edge-only codes; the error handler renders it (and logs `log`). */
export class HttpProblem extends Error {
  constructor(
    readonly code: HttpOnlyCode,
    readonly log?: ProblemLog,
  ) {
    super(code);
    this.name = 'HttpProblem';
  }
}

export interface ProblemBody {
  type: 'about:blank';
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  errors?: { loc: string[]; msg: string }[];
  /** Only on group_in_use: the clients and forward-auth rules that name the group (group-usage.ts). */
  used_by?: UsedBy;
}

export const problemBody = (code: ProblemCode, detail?: string): ProblemBody => {
  const kind = PROBLEMS[code];
  return { type: 'about:blank', title: kind.title, status: kind.status, code, detail: detail ?? kind.detail };
};
