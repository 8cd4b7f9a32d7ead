import type { Request, Response } from 'express';
import { BODY_LIMIT_BYTES } from '../web/body/body-limit.js';
import { readBody } from '../web/body/read-body.js';
import { OIDC_PATH } from './oidc-settings.js';

/** The endpoints a relying party may also reach with a form POST (Core §3.1.2.1, RP-Initiated Logout 1.0 §2). */
export const POSTABLE = ['/auth', '/session/end'];

/**
 * oidc-provider takes POST at these endpoints only with its cookies at SameSite=None, and
 * Gatehouse's are Lax. A POSTed form is answered instead with a 303 to the GET it stands for, the
 * same parameters in the query: the browser's top-level GET then carries its Lax cookies, and the
 * request meets every rule a GET meets (the implied-consent mark a client wrote is dropped, an
 * unverifiable hint is dropped), so a POST can skip nothing a GET would ask. Repeated parameters are
 * kept as sent, for the provider to refuse as it refuses them in a query.
 */
export const redirectPostToGet = async (req: Request, res: Response): Promise<void> => {
  const body = req.is('application/x-www-form-urlencoded') ? (await readBody(req, BODY_LIMIT_BYTES)).toString('utf8') : '';
  const query = new URLSearchParams(body).toString();
  res.set('Cache-Control', 'no-store');
  res.redirect(303, `${OIDC_PATH}${req.path}${query ? `?${query}` : ''}`);
};
