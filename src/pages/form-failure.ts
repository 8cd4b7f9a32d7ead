import { isDomainError, type ErrorCode, type Problem } from '../core/domain/errors.js';
import { REFUSALS } from '../web/errors/refusals.js';
import type { Locale } from './i18n/catalogue.js';
import type { MessageKey } from './i18n/messages-en.js';
import type { FormState } from './views/form-parts.js';
import type { FormFields } from './form-body.js';

/** Where a refusal lands on a form: next to a field, or in the summary only. */
export interface Placement {
  field?: string;
  message: MessageKey;
}

/** The catalogue's words for a rule a field broke; the rule's own (English) words are never shown. */
const fieldMessage = (field: string, problem: Problem): MessageKey => {
  if (problem.msg === 'is required') return 'problem.required';
  if (field === 'email') return 'problem.email';
  if (field === 'password' || field === 'new_password') return 'problem.password';
  if (field === 'display_name' || field === 'name') return 'problem.label';
  if (field === 'max_uses' || field === 'expires_in_days') return 'problem.number';
  return 'problem.invalid';
};

export interface FormFailure {
  status: number;
  state: FormState;
  /** For a throttled form's Retry-After. */
  retryAfterSeconds: number | null;
}

/**
 * A refusal as the form shows it again, with what was entered except `secrets` (passwords and
 * codes), or null when the error is not one a form shows (it goes on to the page error handler).
 */
export const formFailure = (
  error: unknown,
  locale: Locale,
  entered: FormFields,
  options: { secrets?: readonly string[]; placements?: Partial<Record<ErrorCode, Placement>> } = {},
): FormFailure | null => {
  if (!isDomainError(error)) return null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(entered)) if (!options.secrets?.includes(name)) values[name] = value;
  const state: FormState = { values, problems: {}, general: [] };
  const { status, form } = REFUSALS[error.code];
  if (form?.kind === 'fields') {
    for (const problem of error.problems) {
      const field = problem.loc[0] ?? '';
      if (!(field in state.problems)) state.problems[field] = locale.t(fieldMessage(field, problem));
    }
    if (Object.keys(state.problems).length === 0) state.general.push(locale.t('problem.invalid'));
    return { status, state, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (form?.kind === 'throttled') {
    state.general.push(locale.t('problem.throttled', { seconds: Math.max(1, Math.ceil(error.retryAfterSeconds ?? 1)) }));
    return { status, state, retryAfterSeconds: error.retryAfterSeconds };
  }
  // A route may place a code its own way (a wrong password beside the password field); otherwise the table's place.
  const placement = options.placements?.[error.code] ?? (form?.kind === 'placed' ? form : undefined);
  if (!placement) return null;
  if (placement.field !== undefined) state.problems[placement.field] = locale.t(placement.message);
  else state.general.push(locale.t(placement.message));
  return { status, state, retryAfterSeconds: error.retryAfterSeconds };
};
