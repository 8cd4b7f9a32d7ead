/** The closed set of failures the core can report; adapters map each one in a single table. */
export type ErrorCode =
  | 'validation_failed'
  | 'invite_invalid'
  | 'invite_exhausted'
  | 'email_taken'
  | 'not_authenticated'
  | 'invalid_credentials'
  /** The right password of a disabled account: only a page says so; the API answers as for a wrong password. */
  | 'account_disabled'
  /** A TOTP code whose step was already used: only a page says so; the API answers as for a wrong code. */
  | 'totp_code_used'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'unavailable'
  | 'webauthn_failed'
  | 'recovery_invalid'
  | 'mfa_already_enabled'
  | 'mfa_not_enabled'
  | 'passkey_limit'
  | 'mfa_enrolment_required'
  | 'quota_exceeded'
  | 'self_action_refused'
  | 'last_admin'
  | 'step_up_required'
  | 'username_taken'
  | 'group_name_taken'
  | 'group_in_use'
  | 'access_denied';

/** One problem with an input: where it is and what is wrong, never the offending value. */
export interface Problem {
  loc: string[];
  msg: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly problems: Problem[];
  /** Seconds until the caller may retry (too_many_requests, unavailable). */
  readonly retryAfterSeconds: number | null;

  constructor(code: ErrorCode, options: { problems?: Problem[]; retryAfterSeconds?: number } = {}) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.problems = options.problems ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
