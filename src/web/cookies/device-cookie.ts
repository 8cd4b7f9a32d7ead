import type { Request, Response } from 'express';
import type { Config } from '../../config/config.js';
import { DEVICE_COOKIE_DAYS } from '../../core/domain/device-cookie.js';
import type { SessionGrant } from '../../core/use-cases/views.js';
import { createShortLivedCookie } from './short-lived-cookie.js';

// Always freshly issued, so its Max-Age is the whole lifetime (the core refuses it after that too).
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;

/**
 * The device cookie (decision 0018): not a credential — no route accepts it as one — only the key
 * to a budget of password attempts of its own. Sealed by the core; the adapter carries it, with the
 * session cookie's attributes (`__Host-` in production, HttpOnly, SameSite=Lax) and a year's life.
 */
export interface DeviceCookie {
  name: string;
  read(req: Request): string | null;
  set(res: Response, grant: SessionGrant): void;
}

export const createDeviceCookie = (config: Pick<Config, 'environment'>): DeviceCookie => {
  const cookie = createShortLivedCookie(config, 'gh_device', MAX_AGE_SECONDS);
  return { name: cookie.name, read: cookie.read, set: (res, grant) => cookie.set(res, grant.token) };
};
