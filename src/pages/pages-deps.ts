import type { Request } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import type { AuthDeps } from '../web/session/auth-deps.js';
import type { ShortLivedCookie } from '../web/cookies/short-lived-cookie.js';
import type { FlashCookie } from './flash.js';
import type { InviteCookie } from './invite-cookie.js';

/** What every page route needs: the API's own cookies and Origin rule, and the flash cookie. */
export interface PagesDeps {
  useCases: UseCases;
  auth: AuthDeps;
  config: Pick<Config, 'publicOrigin' | 'environment'>;
  /** The pending login of a user with a second factor: the API's gh_mfa. */
  pending: ShortLivedCookie;
  flash: FlashCookie;
  /** An opened invite link's code, out of the address bar (§15 rule 15). */
  invite: InviteCookie;
  logger: Logger;
  /**
   * Origins a sign-in, second-factor or consent page must add to form-action: the redirect origin of
   * an OpenID authorization that `returnTo` continues. None unless the OpenID provider is mounted.
   */
  formActionOriginsFor(req: Request, returnTo: string | null): Promise<string[]>;
}
