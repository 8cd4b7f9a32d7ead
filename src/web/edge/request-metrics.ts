import type { RequestHandler } from 'express';
import type { Metrics } from '../../metrics/metrics.js';
import { routeTemplateOf } from './route-template.js';

/** Times every response on the public listener; the labels are worked out once it has finished. */
export const requestMetrics =
  (metrics: Pick<Metrics, 'observeRequest'>): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      metrics.observeRequest(req.method, routeTemplateOf(req), res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
