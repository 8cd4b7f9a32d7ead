import { CHALLENGE_MS } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { findPendingLogin } from './pending-login.js';
import { credentialOf } from '../mfa/prove-passkey.js';
import type { JsonObject } from '../../ports/webauthn.js';

/** Request options for the pending login's user's passkeys. */
export type SecondStepPasskeyOptions = (pendingSecret: string | null) => Promise<JsonObject>;

/** Request options for the pending login's user's passkeys; the challenge is bound to that pending login. */
export const makeSecondStepPasskeyOptions =
  (deps: Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'ids' | 'clock' | 'webauthn'>): SecondStepPasskeyOptions =>
  async (pendingSecret) => {
    const { pending, scope } = await findPendingLogin(deps, pendingSecret);
    const passkeys = await scope.factors.listPasskeys();
    const { options, challenge } = await deps.webauthn.authenticationOptions(passkeys.map(credentialOf));
    const now = deps.clock.now();
    await scope.factors.replaceChallenge(
      { id: deps.ids.next(), userId: scope.userId, boundTo: pending.id, purpose: 'second_factor', challenge, expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
      now,
    );
    return options;
  };
