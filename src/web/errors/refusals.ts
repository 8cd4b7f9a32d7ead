import type { ErrorCode } from '../../core/domain/errors.js';

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

/**
 * The pages' catalogue keys a refusal may show. The words live with the pages; the pages'
 * catalogue checks that every one of these exists, so the table cannot name a missing word.
 */
export type RefusalWords =
  | 'error.title'
  | 'error.body'
  | 'forbidden.title'
  | 'forbidden.body'
  | 'forbidden.origin'
  | 'forbidden.enrolment'
  | 'notFound.title'
  | 'notFound.body'
  | 'problem.credentials'
  | 'problem.accountDisabled'
  | 'account.totpCodeUsed'
  | 'problem.inviteInvalid'
  | 'problem.inviteExhausted'
  | 'problem.emailTaken'
  | 'problem.recoveryInvalid'
  | 'problem.unavailable'
  | 'problem.quota'
  | 'problem.passkeyLimit'
  | 'problem.passkeyFailed'
  | 'problem.mfaAlready'
  | 'problem.mfaNone'
  | 'problem.selfAction'
  | 'problem.lastAdmin';

/** How a page answers a refusal it did not catch in a form. */
export type PageAnswer =
  | { readonly kind: 'message'; readonly title: RefusalWords; readonly body: RefusalWords }
  /** The "too many requests" page with Retry-After: throttled counts the seconds, unavailable does not. */
  | { readonly kind: 'retry-later'; readonly body: 'throttled' | 'unavailable' }
  /** Not a refusal to show but a place to go: the confirm page (step up) or the sign-in page. */
  | { readonly kind: 'detour'; readonly to: 'confirm' | 'sign-in' };

/**
 * How a form shows the refusal again: next to a field or in the summary, per field (validation),
 * with the seconds (throttled), or null when no form shows it (it goes on to the page handler).
 */
export type FormAnswer =
  | { readonly kind: 'placed'; readonly message: RefusalWords; readonly field?: string }
  | { readonly kind: 'fields' }
  | { readonly kind: 'throttled' }
  | null;

export interface Refusal {
  readonly status: number;
  readonly title: string;
  /** Fixed text: a detail never echoes anything the client sent. */
  readonly detail: string;
  readonly page: PageAnswer;
  readonly form: FormAnswer;
  /** The code the API shows instead, where the contract keeps one answer for several causes. */
  readonly answersAs?: ProblemCode;
}

const ERROR = { kind: 'message', title: 'error.title', body: 'error.body' } as const;
const FORBIDDEN = { kind: 'message', title: 'forbidden.title', body: 'forbidden.body' } as const;
const placed = (message: RefusalWords, field?: string): FormAnswer => (field === undefined ? { kind: 'placed', message } : { kind: 'placed', message, field });

/**
 * The one table from a refusal's code to its HTTP status and to what a page and a form show.
 * A mapped type over every code: a new code, or a row missing its page or form answer, does not
 * compile (spec/types/refusal-table.spec.ts).
 */
export const REFUSALS = {
  validation_failed: { status: 422, title: 'Unprocessable Content', detail: 'Request body is invalid.', page: ERROR, form: { kind: 'fields' } },
  invite_invalid: { status: 400, title: 'Bad Request', detail: 'The invite code is unknown or expired.', page: ERROR, form: placed('problem.inviteInvalid', 'invite_code') },
  invite_exhausted: { status: 409, title: 'Conflict', detail: 'The invite has no uses left.', page: ERROR, form: placed('problem.inviteExhausted', 'invite_code') },
  email_taken: { status: 409, title: 'Conflict', detail: 'An account with this email already exists.', page: ERROR, form: placed('problem.emailTaken', 'email') },
  not_authenticated: { status: 401, title: 'Unauthorized', detail: 'A valid session cookie or API token is required.', page: { kind: 'detour', to: 'sign-in' }, form: null },
  invalid_credentials: { status: 401, title: 'Unauthorized', detail: 'The email or password is incorrect.', page: ERROR, form: placed('problem.credentials') },
  // A page tells the person who knew the password what to do; the API's login answers as a wrong password would.
  account_disabled: {
    status: 401,
    title: 'Unauthorized',
    detail: 'The email or password is incorrect.',
    answersAs: 'invalid_credentials',
    page: ERROR,
    form: placed('problem.accountDisabled'),
  },
  // The person at the form is told to wait for the next code; the API answers as a wrong code would.
  totp_code_used: {
    status: 401,
    title: 'Unauthorized',
    detail: 'The email or password is incorrect.',
    answersAs: 'invalid_credentials',
    page: ERROR,
    form: placed('account.totpCodeUsed', 'code'),
  },
  forbidden: { status: 403, title: 'Forbidden', detail: 'This credential may not perform this action.', page: FORBIDDEN, form: null },
  not_found: { status: 404, title: 'Not Found', detail: 'The requested resource does not exist.', page: { kind: 'message', title: 'notFound.title', body: 'notFound.body' }, form: null },
  too_many_requests: { status: 429, title: 'Too Many Requests', detail: 'Too many attempts; retry later.', page: { kind: 'retry-later', body: 'throttled' }, form: { kind: 'throttled' } },
  unavailable: {
    status: 503,
    title: 'Service Unavailable',
    detail: 'The service is temporarily unavailable; retry later.',
    page: { kind: 'retry-later', body: 'unavailable' },
    form: placed('problem.unavailable'),
  },
  webauthn_failed: { status: 400, title: 'Bad Request', detail: 'The passkey response could not be verified.', page: ERROR, form: placed('problem.passkeyFailed') },
  recovery_invalid: { status: 400, title: 'Bad Request', detail: 'The recovery code is unknown, used or expired.', page: ERROR, form: placed('problem.recoveryInvalid', 'code') },
  mfa_already_enabled: { status: 409, title: 'Conflict', detail: 'A confirmed authenticator app already exists.', page: ERROR, form: placed('problem.mfaAlready') },
  mfa_not_enabled: { status: 409, title: 'Conflict', detail: 'There is no second factor for this action.', page: ERROR, form: placed('problem.mfaNone') },
  passkey_limit: { status: 409, title: 'Conflict', detail: 'The account already has the most passkeys allowed.', page: ERROR, form: placed('problem.passkeyLimit') },
  mfa_enrolment_required: {
    status: 403,
    title: 'Forbidden',
    detail: 'A second factor must be enrolled first.',
    page: { kind: 'message', title: 'forbidden.title', body: 'forbidden.enrolment' },
    form: null,
  },
  quota_exceeded: { status: 409, title: 'Conflict', detail: 'The account has reached its limit for this kind of record.', page: ERROR, form: placed('problem.quota') },
  self_action_refused: { status: 409, title: 'Conflict', detail: 'An administrator cannot do this to its own account.', page: ERROR, form: placed('problem.selfAction') },
  last_admin: { status: 409, title: 'Conflict', detail: 'The service must keep at least one enabled administrator.', page: ERROR, form: placed('problem.lastAdmin') },
  step_up_required: { status: 403, title: 'Forbidden', detail: 'Recent authentication is required; step up first.', page: { kind: 'detour', to: 'confirm' }, form: null },
  username_taken: { status: 409, title: 'Conflict', detail: 'Another account has this username.', page: ERROR, form: null },
  group_name_taken: { status: 409, title: 'Conflict', detail: 'A group with this name already exists.', page: ERROR, form: null },
  group_in_use: { status: 409, title: 'Conflict', detail: 'An access policy names this group.', page: ERROR, form: null },
  access_denied: { status: 403, title: 'Forbidden', detail: 'The account does not have access to this application.', page: FORBIDDEN, form: null },

  malformed_json: { status: 400, title: 'Bad Request', detail: 'The request body is not valid JSON.', page: ERROR, form: null },
  csrf_rejected: {
    status: 403,
    title: 'Forbidden',
    detail: 'The request Origin is missing or not allowed.',
    page: { kind: 'message', title: 'forbidden.title', body: 'forbidden.origin' },
    form: null,
  },
  payload_too_large: { status: 413, title: 'Content Too Large', detail: 'The request body exceeds 16 KiB.', page: ERROR, form: null },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type', detail: 'The request body must be application/json.', page: ERROR, form: null },
  malformed_request: { status: 400, title: 'Bad Request', detail: 'The request could not be parsed as HTTP/1.1.', page: ERROR, form: null },
  headers_too_large: { status: 431, title: 'Request Header Fields Too Large', detail: 'The request headers exceed 16 KiB or 100 lines.', page: ERROR, form: null },
  request_timeout: { status: 408, title: 'Request Timeout', detail: 'The request did not arrive in time.', page: ERROR, form: null },
  internal_error: { status: 500, title: 'Internal Server Error', detail: 'An unexpected error occurred.', page: ERROR, form: null },
} as const satisfies { readonly [C in ProblemCode]: Refusal };
