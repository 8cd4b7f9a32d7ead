import type { JsonObject } from '../../ports/webauthn.js';
import { CHALLENGE_MS } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import type { RequestContext, SessionGrant } from '../views.js';
import type { ThrottleGuard } from './throttle-guard.js';

/** Passwordless: options for a discoverable credential, bound to a secret for a short-lived cookie. */
export type PasskeyLoginOptions = (context: RequestContext) => Promise<{ options: JsonObject; challenge: SessionGrant }>;

/** Passwordless, first half: options for any discoverable credential; the challenge is bound to a cookie secret. */
export const makePasskeyLoginOptions =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'clock' | 'webauthn'>, guard: ThrottleGuard): PasskeyLoginOptions =>
  async (context) => {
    // Each call writes a row: it counts toward the address's limit like a login.
    await guard.admitAddress(context.clientAddress);
    const { options, challenge } = await deps.webauthn.authenticationOptions([]);
    const now = deps.clock.now();
    const { secret, hash } = deps.secrets.issue('passkey_challenge');
    const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
    await deps.auth.insertPasskeyLoginChallenge({ secretHash: hash, challenge, expiresAt }, now);
    return { options, challenge: { token: secret, expiresAt } };
  };
