import type { Request, Response } from 'express';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../core/ports/clock.js';
import type { SessionGrant } from '../../core/use-cases/views.js';
import { readCookie } from './cookie-value.js';
import { WALL_CLOCK } from './wall-clock.js';

/** Reads, sets and expires the session cookie; its name and Secure flag follow the environment. */
export interface SessionCookie {
  name: string;
  read(req: Request): string | null;
  set(res: Response, grant: SessionGrant): void;
  expire(res: Response): void;
}

export interface SessionCookieOptions {
  /** The service's clock, so that Max-Age counts from the instant the core dated the session at. */
  clock?: Clock;
}

export const createSessionCookie = (config: Pick<Config, 'environment'>, { clock = WALL_CLOCK }: SessionCookieOptions = {}): SessionCookie => {
  const production = config.environment === 'production';
  // The __Host- prefix makes browsers refuse the cookie unless Secure, Path=/ and no Domain.
  const name = production ? '__Host-gh_session' : 'gh_session';
  const attributes = (maxAge: number): string =>
    `HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAge}${production ? '; Secure' : ''}`;
  return {
    name,
    read: (req) => readCookie(req, name),
    set: (res, grant) => {
      const remaining = Math.max(0, Math.floor((grant.expiresAt.getTime() - clock.now().getTime()) / 1000));
      res.append('Set-Cookie', `${name}=${grant.token}; ${attributes(remaining)}`);
    },
    expire: (res) => {
      res.append('Set-Cookie', `${name}=; ${attributes(0)}`);
    },
  };
};
