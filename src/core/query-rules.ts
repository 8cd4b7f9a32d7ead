import Joi from 'joi';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './domain/page-cursor.js';
import { DomainError } from './domain/errors.js';
import { TRAIL_EVENT_TYPES } from './domain/security-event.js';
import { parse } from './rules.js';

/** Query strings arrive as text: a number is converted, an empty value counts as absent. */
const cursor = Joi.string().max(200).empty('');
const page = {
  limit: Joi.number().integer().min(1).max(PAGE_LIMIT_MAX).empty('').default(PAGE_LIMIT_DEFAULT),
  cursor,
};
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const pageRules = Joi.object(page);
export const userListRules = Joi.object({ ...page, email_prefix: Joi.string().max(254).empty('') });
export const eventListRules = Joi.object({
  ...page,
  user_id: Joi.string().pattern(UUID).empty(''),
  type: Joi.string()
    .valid(...TRAIL_EVENT_TYPES)
    .empty(''),
});

/** Like `parse`, with every problem located in the query string rather than the body. */
export const parseQuery = <T>(rules: Joi.ObjectSchema, input: unknown): T => {
  try {
    return parse<T>(rules, input ?? {});
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError('validation_failed', { problems: error.problems.map((p) => ({ loc: ['query', ...p.loc], msg: p.msg })) });
  }
};
