import express, { Router, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isDomainError } from '../core/domain/errors.js';
import type { DeviceCodeAttempts } from '../core/use-cases/oidc/device-code-attempts.js';
import type { ProviderPages } from '../web/oidc-interactions.js';
import { retryAfter, sendPage } from '../web/page-sender.js';
import { clientAddressOf } from '../web/request-context.js';
import { DEVICE_PATH } from '../web/paths.js';
import { carryUserCode } from './device-flow.js';

export interface DeviceRouterDeps {
  /** The provider's router (oidc-router.ts), which answers its code verification route, /device. */
  provider: RequestHandler;
  attempts: DeviceCodeAttempts;
  pages: Pick<ProviderPages, 'deviceCode'>;
  logger: Logger;
}

const formOf = express.urlencoded({ extended: false, limit: '4kb' });

/**
 * /gatehouse/device is the provider's code verification route under Gatehouse's own path: the
 * request goes on as /device, so oidc-provider names its forms and its resume URL below
 * /gatehouse (it reads its mount path from the original URL). Every code entered from an address
 * is counted before the provider looks it up; a refusal answers 429 with the code kept in the
 * field, and a code that starts an authorization (a redirect) forgets the count.
 */
export const deviceRouter = ({ provider, attempts, pages, logger }: DeviceRouterDeps): Router => {
  const router = Router();
  router.use(async (req, res, next) => {
    const at = req.url.indexOf('?');
    const path = at === -1 ? req.url : req.url.slice(0, at);
    const query = new URLSearchParams(at === -1 ? '' : req.url.slice(at + 1));
    const entry = path === '/' || path === '';
    // The code page and a resumed authorization (/<uid>); the device's own endpoint stays below the issuer only.
    if (!entry && (path === '/auth' || !/^\/[^/]+$/.test(path))) return next();
    if (entry && req.method === 'GET' && query.has('user_code')) {
      // The device's link fills the field in; the person still presses Continue, with or without JavaScript.
      carryUserCode(req, query.get('user_code') ?? '');
      query.delete('user_code');
    }
    if (entry && req.method === 'POST') {
      const address = clientAddressOf(req);
      try {
        await attempts.admit(address);
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'too_many_requests') return next(error);
        await refuse(req, res, error.retryAfterSeconds ?? 1);
        return;
      }
      res.on('finish', () => {
        if (res.statusCode === 302 || res.statusCode === 303) attempts.clear(address).catch((failure: unknown) => logger.error({ err: failure }, 'device code attempts not cleared'));
      });
    }
    const rest = query.size > 0 ? `?${query.toString()}` : '';
    req.url = `/device${entry ? '' : path}${rest}`;
    provider(req, res, next);
  });

  const refuse = (req: Request, res: express.Response, seconds: number): Promise<void> =>
    new Promise((resolve) => {
      formOf(req, res, () => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const text = (name: string): string => (typeof body[name] === 'string' ? body[name] : '');
        retryAfter(res, { retryAfterSeconds: seconds });
        sendPage(res, pages.deviceCode(req, { action: DEVICE_PATH, xsrf: text('xsrf'), userCode: text('user_code'), problem: { retryAfterSeconds: seconds } }), { status: 429 });
        resolve();
      });
    });
  return router;
};
