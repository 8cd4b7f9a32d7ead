/** The closed set of failures the core can report; adapters map each one in a single table. */
export type ErrorCode =
  | 'validation_failed'
  | 'invite_invalid'
  | 'invite_exhausted'
  | 'email_taken'
  | 'not_authenticated'
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests';

/** One problem with an input: where it is and what is wrong, never the offending value. */
export interface Problem {
  loc: string[];
  msg: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly problems: Problem[];
  /** Seconds until a throttled caller may retry (too_many_requests only). */
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
