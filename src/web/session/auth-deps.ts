import type { Config } from '../../config/config.js';
import type { Clock } from '../../core/ports/clock.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import { createDeviceCookie, type DeviceCookie } from '../cookies/device-cookie.js';
import { createSessionCookie, type SessionCookie } from '../cookies/session-cookie.js';
import { createOriginPolicy, type OriginPolicy } from './origin-policy.js';
import { createSessionResolver, type SessionResolver } from './session-resolver.js';

/** What every face needs to tell who is calling: the use cases and the cookies and origins of a browser session. */
export interface AuthDeps {
  useCases: UseCases;
  cookie: SessionCookie;
  /** The Origin values that count as our own pages (CSRF). */
  origins: OriginPolicy;
  /** The device cookie: its own budget for password attempts at login and at every re-check. */
  device: DeviceCookie;
  /** Who the request's session or token is, looked up once per request whichever face asks. */
  sessions: SessionResolver;
}

/** The session cookie's Max-Age counts on `clock`, the service's clock that dated the session. */
export const createAuthDeps = (config: Pick<Config, 'environment' | 'publicOrigin'>, useCases: UseCases, clock?: Clock): AuthDeps => {
  const cookie = createSessionCookie(config, { clock });
  const device = createDeviceCookie(config);
  return { useCases, cookie, origins: createOriginPolicy(config), device, sessions: createSessionResolver({ useCases, cookie, device }) };
};
