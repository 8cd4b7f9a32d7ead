import type { Request, Response } from 'express';
import { isDomainError } from '../../core/domain/errors.js';
import { requestContext } from '../request-context.js';
import type { SignedInBrowser } from '../oidc-interactions.js';
import type { AuthDeps } from './auth-deps.js';

/**
 * The browser's Gatehouse session and how it was opened, or null (none, expired, revoked, a user
 * disabled since, or held to second-factor enrolment by the MFA policy: such a session may not
 * sign in anywhere else yet).
 */
export const currentSignIn = async ({ useCases, cookie, device }: Pick<AuthDeps, 'useCases' | 'cookie' | 'device'>, req: Request, res?: Response): Promise<SignedInBrowser | null> => {
  const token = cookie.read(req);
  if (token === null) return null;
  try {
    const { principal, session, renewed } = await useCases.authenticateSession(token, { ...requestContext(req), deviceToken: device.read(req) });
    if (renewed && res) cookie.set(res, session);
    if (principal.enrolmentRequired) return null;
    return { principal, signIn: await useCases.describeSignIn(principal) };
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_authenticated') return null;
    throw error;
  }
};
