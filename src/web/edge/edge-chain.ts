import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.js';
import { DomainError } from '../../core/domain/errors.js';
import type { Metrics } from '../../metrics/metrics.js';
import { closeAfterOversizedBody } from '../body/declared-length.js';
import { refuseTooManyHeaders } from './header-count.js';
import { HttpProblem } from '../errors/problem.js';
import { hasMalformedTarget } from '../../runtime/request-target.js';
import { requestId } from './request-id.js';
import { requestMetrics } from './request-metrics.js';
import { limitRequestsInFlight } from './requests-in-flight.js';
import { securityHeaders } from './security-headers.js';
import { OIDC_PATH } from '../paths.js';

export interface EdgeDeps {
  config: Config;
  logger: Logger;
  metrics?: Metrics;
}

// A target with credentials, another scheme or no path at all: answered (and logged) as unmatched.
const refuseMalformedTarget: RequestHandler = (req, _res, next) => next(hasMalformedTarget(req) ? new HttpProblem('malformed_request') : undefined);

// CORS is offered only by the provider's endpoints a single-page application calls (src/oidc/cors-policy.ts):
// elsewhere OPTIONS is an unknown method (the router would answer 200 with Allow).
const PREFLIGHTED = new Set([`${OIDC_PATH}/token`, `${OIDC_PATH}/me`, `${OIDC_PATH}/token/revocation`]);
const refuseOptions: RequestHandler = (req, _res, next) => next(req.method === 'OPTIONS' && !PREFLIGHTED.has(req.path) ? new DomainError('not_found') : undefined);

/**
 * What every request of the app goes through before any route, in this order: its metrics, its id
 * and access-log line, the security headers, the connection and header-count rules, the share of
 * requests in flight behind a proxy, the target and method refusals. Built once per app, so the
 * general chain and the lean lane (lean-lane/lean-lane.ts) run the very same instances (the
 * in-flight counts among them).
 */
export const edgeChain = (app: Express, { config, logger, metrics }: EdgeDeps): RequestHandler[] => [
  ...(metrics ? [requestMetrics(metrics)] : []),
  requestId(logger),
  ...securityHeaders(app, config), // on every answer of this app, a 413 or a 404 included
  closeAfterOversizedBody,
  refuseTooManyHeaders,
  // Behind a trusted proxy, one client is its forwarded address: its share is requests in flight.
  ...(config.trustProxy > 0 && config.connectionsPerAddress > 0 ? [limitRequestsInFlight(config.connectionsPerAddress)] : []),
  refuseMalformedTarget,
  refuseOptions,
];
