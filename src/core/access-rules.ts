import Joi from 'joi';
import { forwardedPath } from './domain/forward-auth-rule.js';
import { DESCRIPTION_MAX } from './domain/group.js';
import { nameProblem, normalizeName } from './domain/name-rule.js';

// Cc, Cf and Cs, as for display names (domain/text.ts).
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/** Usernames and group names (docs/api.md), defined once for HTTP and CLI alike. */
export const name = Joi.string().custom((raw: string) => {
  const value = normalizeName(raw);
  const problem = nameProblem(value);
  if (problem) throw new Error(problem);
  return value;
});

const description = Joi.string()
  .allow(null)
  .custom((raw: string) => {
    const value = raw.trim().normalize('NFC');
    if ([...value].length > DESCRIPTION_MAX) throw new Error(`must be at most ${DESCRIPTION_MAX} characters`);
    if (CONTROL.test(value)) throw new Error('must not contain control or format characters');
    return value.length === 0 ? null : value;
  });

/** A DNS name (or an IP literal's digits and dots), an optional port; compared lowercased. */
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:[0-9]{1,5})?$/;
const host = Joi.string().custom((raw: string) => {
  const value = raw.trim().toLowerCase();
  if (value.length > 253 || !HOST.test(value)) throw new Error('must be a host name, with an optional port');
  return value;
});
const PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;
const pathPrefix = Joi.string().custom((raw: string) => {
  if (raw.length > 200 || !PATH.test(raw)) throw new Error('must be a path starting with /');
  return forwardedPath(raw);
});

/** Group ids as a policy names them; that each names a group is the use case's check. */
export const allowedGroups = Joi.array().items(Joi.string().max(64)).max(50).unique();

export const usernameRules = Joi.object({ username: name.allow(null).required() });
export const newGroupRules = Joi.object({ name: name.required(), description: description.default(null) });
export const groupChangeRules = Joi.object({ name, description }).min(1);
export const newRuleRules = Joi.object({
  host: host.required(),
  path_prefix: pathPrefix.default('/'),
  allowed_groups: allowedGroups.default([]),
  require_mfa: Joi.boolean().strict().default(false),
});
export const ruleChangeRules = Joi.object({ host, path_prefix: pathPrefix, allowed_groups: allowedGroups, require_mfa: Joi.boolean().strict() }).min(1);
