import Joi from 'joi';
import { emailProblem, normalizeEmail } from './domain/email.js';
import { DomainError, type Problem } from './domain/errors.js';
import { boundaryProblems } from './input-boundary.js';
import { name } from './access-rules.js';
import { passwordLengthProblem } from './domain/password-policy.js';
import { codePointLength, labelProblem, normalizeLabel } from './domain/text.js';

/**
 * docs/api.md, defined once for HTTP and CLI alike. Messages are written here rather than taken
 * from joi's templates, some of which quote the submitted value (it could be a password).
 */
const check = (normalize: (raw: string) => string, problem: (value: string) => string | null) =>
  Joi.string().custom((raw: string) => {
    const value = normalize(raw);
    const message = problem(value);
    if (message) throw new Error(message);
    return value;
  });

const nfkc = (raw: string): string => raw.normalize('NFKC');
const maxCodePoints = (max: number) => (value: string) =>
  codePointLength(value) > max ? `must be at most ${max} characters` : null;

export const email = check(normalizeEmail, emailProblem);
export const newPassword = check(nfkc, passwordLengthProblem);
/** A password offered for verification: shape only, so rule changes never lock anyone out. */
export const offeredPassword = check(nfkc, maxCodePoints(256)).meta({ offered: true });
export const label = check(normalizeLabel, labelProblem);
const count = (min: number, max: number) => Joi.number().strict().integer().min(min).max(max);

export const registerRules = Joi.object({
  invite_code: Joi.string().min(1).max(200).required(),
  email: email.required(),
  password: newPassword.required(),
  display_name: label.required(),
  username: name.allow(null).default(null),
});
export const loginRules = Joi.object({
  email: Joi.string().max(254).required(),
  password: offeredPassword.required(),
});
/** create-admin's account fields, checked before the password is asked for. */
export const newAdminRules = Joi.object({ email: email.required(), display_name: label });
export const createAdminRules = newAdminRules.keys({ password: newPassword.required() });
export const displayNameRules = Joi.object({ display_name: label.required() });
export const changePasswordRules = Joi.object({
  current_password: offeredPassword.required(),
  new_password: newPassword.required(),
});
/**
 * Account recovery (no auth): only rules that do not depend on any account are checked before the
 * code, so a 422 never says whether the email has one; the account's own rules come after the code.
 */
export const recoverAccountRules = Joi.object({
  email: Joi.string().max(254).required(),
  code: Joi.string().max(64).required(),
  new_password: newPassword.required(),
});
export const deleteAccountRules = Joi.object({ password: offeredPassword.required() });
/** A second-factor code as typed: shape only (the verifier decides), never longer than a recovery code with spaces. */
const offeredCode = Joi.string().max(64);
/** Exactly one of them; without a code or a recovery code, the password is what is missing. */
const oneProof = (rest: Record<string, Joi.Schema>) => ({
  ...rest,
  code: offeredCode,
  recovery_code: offeredCode,
});
export const stepUpRules = Joi.object(
  oneProof({
    password: offeredPassword.when('code', {
      is: Joi.exist(),
      then: Joi.forbidden(),
      otherwise: Joi.when('recovery_code', { is: Joi.exist(), then: Joi.forbidden(), otherwise: Joi.required() }),
    }),
  }),
).oxor('code', 'recovery_code');
export const secondFactorRules = Joi.object(oneProof({})).xor('code', 'recovery_code');
export const passwordOnlyRules = Joi.object({ password: offeredPassword.required() });
export const totpCodeRules = Joi.object({ code: offeredCode.required() });
/** The browser's WebAuthn response, passed on unread: the verifier decides what it is worth. */
const webauthnResponse = Joi.object().unknown(true);
export const passkeyResponseRules = Joi.object({ response: webauthnResponse.required() });
export const newPasskeyRules = Joi.object({ name: label.required(), response: webauthnResponse.required() });
export const createTokenRules = Joi.object({
  name: label.required(),
  expires_in_days: count(1, 365).allow(null).default(null),
});
export const createInviteRules = Joi.object({
  max_uses: count(1, 1000).default(1),
  expires_in_days: count(1, 365).default(7),
});

type Context = Record<string, unknown> & { limit?: unknown; error?: { message?: string } };
const MESSAGES: Record<string, (context: Context) => string> = {
  'object.base': () => 'must be a JSON object',
  'object.unknown': () => 'is not allowed',
  'any.unknown': () => 'is not allowed',
  'object.missing': () => 'must have a code or a recovery_code',
  'object.xor': () => 'must have only one of code and recovery_code',
  'object.oxor': () => 'must have only one of code and recovery_code',
  'object.min': () => 'must name at least one field to change',
  'any.required': () => 'is required',
  'string.base': () => 'must be a string',
  'string.empty': () => 'must not be empty',
  'string.min': (c) => `must be at least ${String(c.limit)} characters`,
  'string.max': (c) => `must be at most ${String(c.limit)} characters`,
  'number.base': () => 'must be a number',
  'number.integer': () => 'must be a whole number',
  'number.infinity': () => 'must be a finite number',
  'number.unsafe': () => 'must be a safe whole number',
  'number.min': (c) => `must be at least ${String(c.limit)}`,
  'number.max': (c) => `must be at most ${String(c.limit)}`,
  'any.custom': (c) => c.error?.message ?? 'is invalid',
  'any.only': (c) => (Array.isArray(c.valids) ? `must be one of ${c.valids.map(String).join(', ')}` : 'is not allowed'),
  'array.base': () => 'must be an array',
  'array.min': (c) => `must have at least ${String(c.limit)} item${c.limit === 1 ? '' : 's'}`,
  'array.max': (c) => `must have at most ${String(c.limit)} items`,
  'array.unique': () => 'must not repeat an item',
  'boolean.base': () => 'must be true or false',
};

const toProblem = (detail: Joi.ValidationErrorItem): Problem => ({
  loc: detail.path.map(String),
  msg: (MESSAGES[detail.type] ?? (() => 'is invalid'))((detail.context ?? {}) as Context),
});

// Fields holding an offered password are compared with a hash, never stored: the boundary leaves them to the verifier.
const exemptions = new WeakMap<Joi.ObjectSchema, ReadonlySet<string>>();
const offeredFieldsOf = (rules: Joi.ObjectSchema): ReadonlySet<string> => {
  let fields = exemptions.get(rules);
  if (!fields) {
    const keys = (rules.describe().keys ?? {}) as Record<string, { metas?: { offered?: boolean }[] }>;
    fields = new Set(Object.keys(keys).filter((key) => keys[key]!.metas?.some((meta) => meta.offered)));
    exemptions.set(rules, fields);
  }
  return fields;
};

/** Validates and normalises, or throws validation_failed with one problem per field. */
export const parse = <T>(rules: Joi.ObjectSchema, input: unknown): T => {
  const unstorable = boundaryProblems(input, offeredFieldsOf(rules));
  if (unstorable.length > 0) throw new DomainError('validation_failed', { problems: unstorable });
  // joi skips an own "__proto__" key (JSON.parse makes one); it is an unknown field like any other.
  if (typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__')) {
    throw invalid(['__proto__'], 'is not allowed');
  }
  const { error, value } = rules.required().validate(input, { abortEarly: false, convert: true });
  if (error) throw new DomainError('validation_failed', { problems: error.details.map(toProblem) });
  return value as T;
};

export const invalid = (loc: string[], msg: string): DomainError =>
  new DomainError('validation_failed', { problems: [{ loc, msg }] });
