import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Metrics } from './metrics.js';

export interface PrometheusMetrics extends Metrics {
  registry: Registry;
}

// OpenTelemetry's advice for http.server.request.duration: 5 ms to 10 s.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
// Outcomes that exist from the start at 0, so that rate() and alerts work before the first event.
const LOGIN_OUTCOMES = ['succeeded', 'invalid_credentials', 'too_many_requests'];
const REGISTRATION_OUTCOMES = ['succeeded', 'invite_invalid', 'invite_exhausted', 'email_taken', 'too_many_requests'];

/** A registry of its own (not prom-client's global one), so that every instance starts empty. */
export const createPrometheusMetrics = (): PrometheusMetrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests on the public listener, by route template',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const counter = <L extends string>(name: string, help: string, label: L, initial: readonly string[]) => {
    const metric = new Counter({ name, help, labelNames: [label], registers: [registry] });
    for (const value of initial) metric.inc({ [label]: value } as Record<L, string>, 0);
    return metric;
  };
  const logins = counter('gatehouse_logins_total', 'Login attempts by outcome', 'outcome', LOGIN_OUTCOMES);
  const registrations = counter('gatehouse_registrations_total', 'Registration attempts by outcome', 'outcome', REGISTRATION_OUTCOMES);
  const throttled = counter('gatehouse_throttled_total', 'Requests refused by a throttle, by limit', 'limit', ['email', 'address']);
  const oidcTokens = new Counter({ name: 'gatehouse_oidc_tokens_total', help: 'OpenID token endpoint answers, by grant type and outcome', labelNames: ['grant_type', 'outcome'] as const, registers: [registry] });
  for (const grantType of ['authorization_code', 'refresh_token']) oidcTokens.inc({ grant_type: grantType, outcome: 'succeeded' }, 0);
  const decisions = new Counter({ name: 'gatehouse_access_decisions_total', help: 'Access policy decisions, by door and outcome', labelNames: ['door', 'outcome'] as const, registers: [registry] });
  for (const door of ['oidc', 'forward_auth']) for (const outcome of ['allow', 'deny']) decisions.inc({ door, outcome }, 0);
  return {
    registry,
    observeRequest: (method, route, statusCode, seconds) => duration.observe({ method, route, status_code: statusCode }, seconds),
    countLogin: (outcome) => logins.inc({ outcome }),
    countRegistration: (outcome) => registrations.inc({ outcome }),
    countThrottled: (limit) => throttled.inc({ limit }),
    countOidcToken: (grantType, outcome) => oidcTokens.inc({ grant_type: grantType, outcome }),
    countAccessDecision: (door, outcome) => decisions.inc({ door, outcome }),
  };
};
