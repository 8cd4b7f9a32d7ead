import type { Ports } from '../ports/ports.js';
import type { UseCases } from './use-cases.js';

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets'>): UseCases['logout'] =>
  async (sessionToken) => {
    if (sessionToken) await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(sessionToken));
  };
