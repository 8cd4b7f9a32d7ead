/** Where a request came from, as the driving adapter saw it; recorded with security events. */
export interface RequestContext {
  userAgent: string | null;
  /** The client's address as the HTTP adapter determined it (throttling, events); null from the CLI. */
  clientAddress: string | null;
  /** The device cookie the browser presented, unverified (decision 0018); absent from the CLI. */
  deviceToken?: string | null;
}
