import { DomainError } from '../../domain/errors.js';
import type { Ports } from '../../ports/ports.js';
import { newAdminRules, parse } from '../../rules.js';

/** input: { email, display_name? }. createAdmin's refusals that need no password: rules, email_taken. */
export type CheckNewAdmin = (input: unknown) => Promise<void>;

/**
 * What create-admin can refuse before anyone types a password: the email and display-name rules
 * (the same as registration's) and an existing account, found by an exact match on the email.
 * createAdmin checks again, so an account created in between is still refused.
 */
export const makeCheckNewAdmin =
  (deps: Pick<Ports, 'auth'>): CheckNewAdmin =>
  async (input) => {
    const body = parse<{ email: string }>(newAdminRules, input);
    if (await deps.auth.findUserByEmail(body.email)) throw new DomainError('email_taken');
  };
