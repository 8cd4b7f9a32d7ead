import type { Locale } from '../i18n/catalogue.js';

/** A form shown again: what was entered (never a secret) and each problem by field name. */
export interface FormState {
  values: Record<string, string>;
  problems: Record<string, string>;
  /** Problems that belong to no one field (a wrong password, a throttle). */
  general: string[];
}

export const EMPTY_FORM: FormState = { values: {}, problems: {}, general: [] };

/** The id of a field's input: the form's name keeps two forms' fields of one name apart. */
const idOf = (form: string, name: string): string => `${form}-${name}`;

export interface FieldProps {
  form: string;
  name: string;
  label: string;
  state?: FormState;
  type?: 'text' | 'email' | 'password' | 'number' | 'search';
  autocomplete?: string;
  hint?: string;
  required?: boolean;
  inputmode?: 'numeric' | 'text';
  min?: number;
  max?: number;
  /** The value to show when the form is fresh. */
  initial?: string;
}

/** A visible label, the hint and the problem tied to the input by aria-describedby. */
export const Field = ({ form, name, label, state = EMPTY_FORM, type = 'text', autocomplete, hint, required = true, inputmode, min, max, initial }: FieldProps) => {
  const id = idOf(form, name);
  const problem = state.problems[name];
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  // A password or code is never shown again, whatever was entered.
  const value = type === 'password' ? undefined : (state.values[name] ?? initial);
  return (
    <div class={problem ? 'field invalid' : 'field'}>
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p class="problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      <input
        id={id}
        name={name}
        // Preact's types tie each input type to its own attributes; these fields use the common ones only.
        type={type as 'text'}
        value={value}
        autocomplete={autocomplete}
        required={required}
        inputMode={inputmode}
        min={min}
        max={max}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
    </div>
  );
};

/** The summary at the top of a refused form; role=alert makes screen readers say it at once. */
export const ErrorSummary = ({ locale, form, state, labels }: { locale: Locale; form: string; state: FormState; labels: Record<string, string> }) => {
  const fields = Object.entries(state.problems);
  if (fields.length === 0 && state.general.length === 0) return null;
  return (
    <div class="summary" role="alert" tabindex={-1}>
      <h2>{locale.t('form.errorSummary')}</h2>
      <ul>
        {state.general.map((message) => (
          <li>{message}</li>
        ))}
        {fields.map(([name, message]) => (
          <li>
            <a href={`#${idOf(form, name)}`}>{`${labels[name] ?? name}: ${message}`}</a>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** One button in a form of its own, for row actions (revoke, disable…). */
export const ActionButton = ({ action, text, fields = {}, danger = false }: { action: string; text: string; fields?: Record<string, string>; danger?: boolean }) => (
  <form method="post" action={action} class="inline">
    {Object.entries(fields).map(([name, value]) => (
      <input type="hidden" name={name} value={value} />
    ))}
    <button type="submit" class={danger ? 'danger' : 'secondary'}>
      {text}
    </button>
  </form>
);

/** What a successful action says after its redirect. */
export const Notice = ({ text }: { text: string }) => (
  <p class="notice" role="status">
    {text}
  </p>
);

/** A value shown once (a token, a link, a code): read-only, labelled, with a copy button for script users. */
export const ShownOnce = ({ id, label, value, locale }: { id: string; label: string; value: string; locale: Locale }) => (
  <div class="field shown-once">
    <label for={id}>{label}</label>
    <div class="copy-row">
      {/* A textarea, so that a long link or token wraps and can be read whole on a phone. */}
      <textarea id={id} readOnly rows={2} spellcheck={false} value={value} />
      <button type="button" class="secondary copy" data-copy={id} data-copied={locale.t('form.copied')} hidden>
        {locale.t('form.copy')}
      </button>
    </div>
  </div>
);
