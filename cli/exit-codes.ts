import type { ErrorCode } from '../src/core/domain/errors.js';

export const EXIT_OK = 0;
/** The request was understood and refused, or failed for a reason outside the operator's input. */
export const EXIT_REFUSED = 1;
/** Bad usage: unknown option, missing argument, no terminal, passwords that differ, rule violations. */
export const EXIT_USAGE = 2;
/** Conventional 128 + SIGINT, for a prompt abandoned with Ctrl-C. */
export const EXIT_INTERRUPTED = 130;

/** Adding an ErrorCode without an exit code here does not compile (CONTRACT §7). */
export const exitCodeByError: Record<ErrorCode, number> = {
  validation_failed: EXIT_USAGE,
  email_taken: EXIT_REFUSED,
  forbidden: EXIT_REFUSED,
  invite_invalid: EXIT_REFUSED,
  invite_exhausted: EXIT_REFUSED,
  not_authenticated: EXIT_REFUSED,
  invalid_credentials: EXIT_REFUSED,
  not_found: EXIT_REFUSED,
  too_many_requests: EXIT_REFUSED,
};
