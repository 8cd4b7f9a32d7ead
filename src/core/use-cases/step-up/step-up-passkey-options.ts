import type { JsonObject } from '../../ports/webauthn.js';
import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { CHALLENGE_MS } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { credentialOf } from '../mfa/prove-passkey.js';

export type StepUpPasskeyOptions = (principal: Principal) => Promise<JsonObject>;

/** Request options for the caller's passkeys; the challenge is bound to the current session. */
export const makeStepUpPasskeyOptions =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'webauthn'>): StepUpPasskeyOptions =>
  async (principal) => {
    const { sessionId } = requireSession(principal);
    const scope = deps.scopes.open(principal.userId);
    const passkeys = await scope.factors.listPasskeys();
    if (passkeys.length === 0) throw new DomainError('mfa_not_enabled');
    const { options, challenge } = await deps.webauthn.authenticationOptions(passkeys.map(credentialOf));
    const now = deps.clock.now();
    await scope.factors.replaceChallenge(
      { id: deps.ids.next(), userId: scope.userId, boundTo: sessionId, purpose: 'step_up', challenge, expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
      now,
    );
    return options;
  };
