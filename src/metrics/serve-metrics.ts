import type { RequestListener } from 'node:http';
import type { Config } from '../config/config.js';
import type { Metrics } from './metrics.js';

export interface MetricsSetup {
  metrics?: Metrics;
  listener?: { listener: RequestListener; host: string; port: number };
}

/**
 * With SERVICE_METRICS_ADDRESS: the Prometheus metrics and the listener that serves them there.
 * Without it: nothing, and prom-client is never loaded.
 */
export const serveMetrics = async (address: Config['metricsAddress']): Promise<MetricsSetup> => {
  if (!address) return {};
  const [{ createPrometheusMetrics }, { metricsListener }] = await Promise.all([
    import('./prometheus-metrics.js'),
    import('./metrics-listener.js'),
  ]);
  const metrics = createPrometheusMetrics();
  return { metrics, listener: { listener: metricsListener(metrics.registry), ...address } };
};
