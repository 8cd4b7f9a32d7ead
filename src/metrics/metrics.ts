/** The outcome of a login or registration attempt: `succeeded`, or the error code it ended with. */
export type Outcome = string;

/**
 * What the service reports to its metrics: the HTTP adapter and the composition depend on this,
 * not on the Prometheus client, so nothing is measured (and nothing costs) when metrics are off.
 */
export interface Metrics {
  /** Every response, by method, route template and status, with its duration in seconds. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  countLogin(outcome: Outcome): void;
  countRegistration(outcome: Outcome): void;
  countThrottled(limit: 'email' | 'address' | 'device'): void;
  /** A token endpoint answer of the OpenID provider: the grant type asked for, `succeeded` or the OAuth error. */
  countOidcToken(grantType: string, outcome: Outcome): void;
  /** An access policy's decision at a door (`oidc`, `forward_auth`): allow, deny, or the second factor it asks for. */
  countAccessDecision(door: string, outcome: Outcome): void;
}
