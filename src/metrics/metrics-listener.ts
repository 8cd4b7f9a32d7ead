import type { RequestListener } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * The metrics listener's whole app: GET /metrics in the Prometheus text format, 404 for anything
 * else. It runs on its own address, never on the public port, so scraping needs no credential.
 */
export const metricsListener =
  (registry: Registry): RequestListener =>
  (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  };
