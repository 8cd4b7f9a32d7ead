import express from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { DomainError } from '../core/domain/errors.js';
import type { Metrics } from '../metrics/metrics.js';
import { leanLane, type HotRead } from '../runtime/lean-lane/lean-lane.js';
import { readCookiesLazily } from '../runtime/lazy-cookies.js';
import { edgeChain } from './edge/edge-chain.js';
import { errorHandler } from './errors/error-handler.js';

// The faces hand their hot reads in; they see the lean lane's type through the web, not the runtime.
export type { HotRead };

/** A face mounts its routers on the app; the faces are mounted in the order they are handed. */
export type Face = (app: express.Express) => void;

export interface AppAssembly {
  config: Config;
  logger: Logger;
  metrics?: Metrics;
  /** Off only to compare the lean lane with the general chain. */
  leanLane: boolean;
  /** Answered ahead of the routers by the lean lane, through the same edge chain. */
  hotReads: readonly HotRead[];
  faces: readonly Face[];
}

/**
 * The app every face shares: the edge chain both lanes run, the lazily parsed cookies, the faces it
 * is handed, and the one not_found and error handler after them. It never imports a face, so the
 * faces can depend on it and never on each other.
 */
export const assembleApp = ({ config, logger, metrics, leanLane: lane, hotReads, faces }: AppAssembly): express.Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy); // a hop count: 0 believes no X-Forwarded-For
  // Metrics, request id and access log, headers, connection rules: one chain both lanes run.
  const edge = edgeChain(app, { config, logger, metrics });
  if (lane) app.use(leanLane(edge, hotReads));
  app.use(edge);
  readCookiesLazily(app);

  for (const mount of faces) mount(app);

  app.use(() => {
    throw new DomainError('not_found');
  });
  app.use(errorHandler(logger));
  return app;
};
