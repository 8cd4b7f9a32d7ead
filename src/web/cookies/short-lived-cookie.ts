import type { Request, Response } from 'express';
import type { Config } from '../../config/config.js';
import { readCookie } from './cookie-value.js';

/** docs/security.md: the pending login's and the passwordless challenge's cookies live five minutes. */
export const SHORT_LIVED_SECONDS = 300;

/**
 * A cookie with the session cookie's attributes (and `__Host-` prefix in production) for a secret
 * that is good for one thing only: no other route reads it, so it is no credential anywhere else.
 */
export interface ShortLivedCookie {
  name: string;
  read(req: Request): string | null;
  set(res: Response, token: string): void;
  expire(res: Response): void;
}

export const createShortLivedCookie = (config: Pick<Config, 'environment'>, base: string, maxAgeSeconds = SHORT_LIVED_SECONDS): ShortLivedCookie => {
  const production = config.environment === 'production';
  const name = production ? `__Host-${base}` : base;
  const attributes = (maxAge: number): string => `HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAge}${production ? '; Secure' : ''}`;
  return {
    name,
    // The device cookie is read on every request signed in by cookie: never a parse of all cookies.
    read: (req) => readCookie(req, name),
    set: (res, token) => {
      res.append('Set-Cookie', `${name}=${token}; ${attributes(maxAgeSeconds)}`);
    },
    expire: (res) => {
      res.append('Set-Cookie', `${name}=; ${attributes(0)}`);
    },
  };
};
