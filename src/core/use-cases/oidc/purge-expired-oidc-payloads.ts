import type { Ports } from '../../ports/ports.js';

/** Deletes the provider's codes, tokens, sessions and interactions past their expiry; answers how many. */
export type PurgeExpiredOidcPayloads = () => Promise<number>;

export const makePurgeExpiredOidcPayloads =
  (deps: Pick<Ports, 'oidcPayloads' | 'clock'>): PurgeExpiredOidcPayloads =>
  () =>
    deps.oidcPayloads.purgeExpired(deps.clock.now());
