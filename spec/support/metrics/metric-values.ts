import type { Registry } from 'prom-client';

export interface Sample {
  labels: Record<string, string | number | undefined>;
  value: number;
  /** For a histogram: which of its series (`…_bucket`, `…_sum`, `…_count`). */
  metricName?: string;
}

/** The samples of one metric (for a histogram, of one of its series: `_count`, `_sum`, `_bucket`). */
export const samplesOf = async (registry: Registry, metric: string, series = metric): Promise<Sample[]> => {
  const found = registry.getSingleMetric(metric);
  if (!found) throw new Error(`no metric ${metric}`);
  const values = (await found.get()).values as Sample[];
  return values.filter((value) => (value.metricName ?? metric) === series).map(({ labels, value }) => ({ labels: { ...labels }, value }));
};

/** The value of the sample whose labels include all of `labels`; 0 when there is none yet. */
export const valueOf = (samples: Sample[], labels: Record<string, string | number>): number =>
  samples.find((sample) => Object.entries(labels).every(([key, value]) => String(sample.labels[key]) === String(value)))?.value ?? 0;

/** Request counts of the duration histogram, one sample per label set (route, method, status). */
export const requestCounts = (registry: Registry): Promise<Sample[]> =>
  samplesOf(registry, 'http_server_request_duration_seconds', 'http_server_request_duration_seconds_count');

/**
 * Parses the Prometheus text format: every sample line as name, labels and value. Enough for
 * the label values this service emits (no escaped quotes in them).
 */
export const parseExposition = (text: string): { name: string; labels: Record<string, string>; value: number }[] =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
