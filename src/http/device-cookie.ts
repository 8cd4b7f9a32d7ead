import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { DEVICE_COOKIE_DAYS } from '../core/domain/device-cookie.js';
import type { SessionGrant } from '../core/use-cases/views.js';

// Always freshly issued, so its Max-Age is the whole lifetime (the core refuses it after that too).
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;

/**
 * The device cookie (decision 0018): not a credential — no route accepts it as one — only the key
 * to a budget of password attempts of its own. Sealed by the core; the adapter carries it.
 */
export interface DeviceCookie {
  name: string;
  read(req: Request): string | null;
  set(res: Response, grant: SessionGrant): void;
}

export const createDeviceCookie = (config: Pick<Config, 'environment'>): DeviceCookie => {
  const production = config.environment === 'production';
  // Like the session cookie: __Host- in production (Secure, Path=/, no Domain), never readable by scripts.
  const name = production ? '__Host-gh_device' : 'gh_device';
  return {
    name,
    read: (req) => {
      const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
      return typeof value === 'string' && value !== '' ? value : null;
    },
    set: (res, grant) => {
      const secure = production ? '; Secure' : '';
      res.append('Set-Cookie', `${name}=${grant.token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${MAX_AGE_SECONDS}${secure}`);
    },
  };
};
