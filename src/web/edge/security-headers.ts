import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../../config/config.js';
import { writeHeaderBlock, type Header } from '../../runtime/security-header-block.js';

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

/** helmet's security headers and Cache-Control: no-store, in the order they are written. */
export const securityHeaderList = (config: Pick<Config, 'environment'>): Header[] => [
  ...headersOf(helmetFor(config.environment === 'production')),
  ['Cache-Control', 'no-store'],
];

/**
 * helmet's security headers and Cache-Control: no-store (responses carry personal data and one-time
 * secrets) on every response of `app`, a 413 or a 404 included. They never vary by request, so
 * they are worked out once at start-up and written into each response head as one precomputed
 * block (`security-header-block.ts`): helmet's eleven middlewares per request cost more than the
 * session lookup, and a loop of a dozen `setHeader` calls (each validating, lower-casing and
 * storing its header) still cost ~8 µs a request. A response that sets one of these headers
 * itself (the pages' CSP and Referrer-Policy, an asset's Cache-Control) keeps its own value.
 * Every response of this app carries the block; a sub-app mounted in it (none today) would not.
 * Returns what must run per request on a Node without the block: one middleware setting them one
 * by one, or nothing.
 */
export const securityHeaders = (app: Express, config: Pick<Config, 'environment'>): RequestHandler[] => {
  const headers = securityHeaderList(config);
  if (writeHeaderBlock(app.response, headers)) return [];
  return [
    (_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    },
  ];
};
