import { parseExposition } from './metric-values.js';

export type Exposition = ReturnType<typeof parseExposition>;

export interface ListenerAnswer {
  status: number;
  contentType: string | null;
  text: string;
}

/**
 * A plain HTTP client for the metrics listener. That listener is not the public API and not in
 * the OpenAPI document, so its answers are checked here, not by `api()`. A refused connection
 * resolves with its error code, so a spec can assert that the listener is gone.
 */
export const askListener = async (url: string, method = 'GET'): Promise<ListenerAnswer | string> => {
  try {
    const res = await fetch(url, { method });
    return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
  } catch (error) {
    return String((error as { cause?: { code?: unknown } }).cause?.code ?? error);
  }
};

/** GET /metrics, which must answer 200 in the Prometheus text format; its samples, parsed. */
export const scrape = async (metricsUrl: string): Promise<Exposition> => {
  const answer = await askListener(`${metricsUrl}/metrics`);
  if (typeof answer === 'string' || answer.status !== 200 || !answer.contentType?.startsWith('text/plain; version=0.0.4')) {
    throw new Error(`scrape failed: ${typeof answer === 'string' ? answer : `${answer.status} ${answer.contentType}`}`);
  }
  return parseExposition(answer.text);
};

/** The value of the sample with that name whose labels include all of `labels`; 0 when absent. */
export const sampleValue = (samples: Exposition, name: string, labels: Record<string, string> = {}): number =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value ?? 0;
