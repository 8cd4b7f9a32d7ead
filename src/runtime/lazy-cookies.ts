import cookieParser from 'cookie-parser';
import type { Express, Request } from 'express';

const parse = cookieParser();

const setOwn = (req: Request, value: unknown): void =>
  void Object.defineProperty(req, 'cookies', { value, writable: true, configurable: true, enumerable: true });

/**
 * `req.cookies` as cookie-parser gives it, parsed on first read instead of on every request: the
 * service's own cookies are read one by one straight from the header (cookie-value.ts), so most
 * requests never parse the others.
 */
export const readCookiesLazily = (app: Express): void => {
  Object.defineProperty(app.request, 'cookies', {
    configurable: true,
    get(this: Request): unknown {
      setOwn(this, undefined); // cookie-parser skips a request whose req.cookies is set; an own undefined is not
      void parse(this, this.res!, () => undefined);
      return this.cookies;
    },
    set(this: Request, value: unknown) {
      setOwn(this, value);
    },
  });
};
