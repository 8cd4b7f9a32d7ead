import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config/config.js';

type Header = readonly [name: string, value: string];

/** helmet's settings: default-src covers neither base-uri nor frame-ancestors, and ASVS 3.4.3 wants object-src said. */
const helmetFor = (production: boolean) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], objectSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

/** The headers helmet sets, read once from a response that only records them: they never vary by request. */
const headersOf = (middleware: ReturnType<typeof helmet>): Header[] => {
  const recorded: Header[] = [];
  const recorder = { setHeader: (name: string, value: string) => void recorded.push([name, value]), removeHeader: () => undefined };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => (finished = true));
  if (!finished || recorded.length === 0) throw new Error('helmet did not run synchronously: its headers cannot be computed once');
  return recorded;
};

/**
 * helmet's security headers and Cache-Control: no-store (responses carry personal data and one-time
 * secrets), worked out once at start-up and set on every response by one loop: helmet's eleven
 * middlewares per request cost more than the session lookup and always set the same values.
 */
export const securityHeaders = (config: Pick<Config, 'environment'>): RequestHandler => {
  const headers: Header[] = [...headersOf(helmetFor(config.environment === 'production')), ['Cache-Control', 'no-store']];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
};
