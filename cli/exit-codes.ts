import type { ErrorCode } from '../src/core/domain/errors.js';

export const EXIT_OK = 0;
/** The request was understood and refused, or failed for a reason outside the operator's input. */
export const EXIT_REFUSED = 1;
/** Bad usage: unknown option, missing argument, no terminal, passwords that differ, rule violations. */
export const EXIT_USAGE = 2;
/** Conventional 128 + SIGINT, for a prompt abandoned with Ctrl-C. */
export const EXIT_INTERRUPTED = 130;

/**
 * How the CLI answers each domain error: its exit code (docs/api.md) and the line it prints.
 * Adding an ErrorCode without an entry here does not compile.
 */
export const outcomeByError: Record<ErrorCode, { exitCode: number; message: string }> = {
  validation_failed: { exitCode: EXIT_USAGE, message: 'the input breaks the rules above; nothing was changed' },
  email_taken: { exitCode: EXIT_REFUSED, message: 'an account with this email already exists; nothing was changed' },
  forbidden: { exitCode: EXIT_REFUSED, message: 'refused: the acting account is unknown or not an admin' },
  invite_invalid: { exitCode: EXIT_REFUSED, message: 'refused: unknown or expired invite' },
  invite_exhausted: { exitCode: EXIT_REFUSED, message: 'refused: the invite has no uses left' },
  not_authenticated: { exitCode: EXIT_REFUSED, message: 'refused: not authenticated' },
  invalid_credentials: { exitCode: EXIT_REFUSED, message: 'refused: invalid credentials' },
  account_disabled: { exitCode: EXIT_REFUSED, message: 'refused: invalid credentials' },
  totp_code_used: { exitCode: EXIT_REFUSED, message: 'refused: invalid credentials' },
  not_found: { exitCode: EXIT_REFUSED, message: 'refused: no such account or client' },
  too_many_requests: { exitCode: EXIT_REFUSED, message: 'refused: too many attempts, try again later' },
  unavailable: { exitCode: EXIT_REFUSED, message: 'the database is unavailable; nothing was changed, try again later' },
  webauthn_failed: { exitCode: EXIT_REFUSED, message: 'refused: the passkey response could not be verified' },
  recovery_invalid: { exitCode: EXIT_REFUSED, message: 'refused: unknown, used or expired recovery code' },
  mfa_already_enabled: { exitCode: EXIT_REFUSED, message: 'refused: a confirmed authenticator app already exists' },
  mfa_not_enabled: { exitCode: EXIT_REFUSED, message: 'refused: the account has no second factor' },
  passkey_limit: { exitCode: EXIT_REFUSED, message: 'refused: the account already has the most passkeys allowed' },
  mfa_enrolment_required: { exitCode: EXIT_REFUSED, message: 'refused: a second factor must be enrolled first' },
  quota_exceeded: { exitCode: EXIT_REFUSED, message: 'refused: the account has reached its limit; nothing was changed' },
  self_action_refused: { exitCode: EXIT_REFUSED, message: 'refused: an administrator cannot do this to its own account' },
  last_admin: { exitCode: EXIT_REFUSED, message: 'refused: the service must keep at least one enabled administrator' },
  step_up_required: { exitCode: EXIT_REFUSED, message: 'refused: recent authentication is required' },
  username_taken: { exitCode: EXIT_REFUSED, message: 'refused: another account has this username; nothing was changed' },
  group_name_taken: { exitCode: EXIT_REFUSED, message: 'refused: a group with this name already exists; nothing was changed' },
  group_in_use: { exitCode: EXIT_REFUSED, message: 'refused: an application policy names this group; nothing was changed' },
  access_denied: { exitCode: EXIT_REFUSED, message: 'refused: access denied' },
};
