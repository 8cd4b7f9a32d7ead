import type { Request, Response } from 'express';
import type { Config } from '../config/config.js';
import type { Clock } from '../core/ports/clock.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import { readCookie } from '../web/cookies/cookie-value.js';
import { WALL_CLOCK } from '../web/cookies/wall-clock.js';

/** How long an opened invite link's code waits for the register form (docs/pages.md). */
export const INVITE_COOKIE_SECONDS = 30 * 60;
export const REGISTER_PATH = '/gatehouse/register';

/**
 * Where an invite link's code waits once it has left the address bar (ASVS 14.2.1): sealed with the
 * service key, so it is neither readable nor forgeable in the browser, sent only to the register
 * page, and refused after 30 minutes by the service's clock, whatever the browser keeps.
 */
export interface InviteCookie {
  set(res: Response, code: string): void;
  /** The code, while it is younger than 30 minutes; null when none came, or it is stale or tampered with. */
  read(req: Request): string | null;
  expire(res: Response): void;
}

interface Sealed {
  code: string;
  until: number;
}

const CONTEXT = 'page-invite';

const parsed = (plaintext: string): Sealed | null => {
  try {
    const value = JSON.parse(plaintext) as Partial<Sealed>;
    return typeof value.code === 'string' && typeof value.until === 'number' ? { code: value.code, until: value.until } : null;
  } catch {
    return null;
  }
};

export const createInviteCookie = (config: Pick<Config, 'environment'>, box: SecretBox, clock: Clock = WALL_CLOCK): InviteCookie => {
  const production = config.environment === 'production';
  // __Host- needs Path=/; __Secure- keeps the Secure guarantee with the narrower path.
  const name = production ? '__Secure-gh_invite' : 'gh_invite';
  const attributes = (maxAge: number): string => `HttpOnly; SameSite=Lax; Path=${REGISTER_PATH}; Max-Age=${maxAge}${production ? '; Secure' : ''}`;
  return {
    set: (res, code) => {
      const sealed = box.seal(JSON.stringify({ code, until: clock.now().getTime() + INVITE_COOKIE_SECONDS * 1000 }), CONTEXT);
      res.append('Set-Cookie', `${name}=${sealed}; ${attributes(INVITE_COOKIE_SECONDS)}`);
    },
    read: (req) => {
      const sealed = readCookie(req, name);
      const opened = sealed === null ? null : box.open(sealed, CONTEXT);
      const value = opened ? parsed(opened.plaintext) : null;
      return value && clock.now().getTime() < value.until ? value.code : null;
    },
    expire: (res) => {
      res.append('Set-Cookie', `${name}=; ${attributes(0)}`);
    },
  };
};
