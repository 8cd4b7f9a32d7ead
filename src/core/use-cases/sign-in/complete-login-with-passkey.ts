import { isChallengeLive } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passkeyResponseRules } from '../../rules.js';
import { provePasskey } from '../mfa/prove-passkey.js';
import type { SignInContext, SignedIn } from '../views.js';
import { completeSecondStep } from './second-step.js';
import type { ThrottleGuard } from './throttle-guard.js';

export type CompleteLoginWithPasskey = (pendingSecret: string | null, input: unknown, context: SignInContext) => Promise<SignedIn>;

/** POST /auth/mfa/passkey: an assertion of the challenge bound to the pending login, by one of its user's passkeys. */
export const makeCompleteLoginWithPasskey =
  (deps: Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'ids' | 'clock' | 'webauthn' | 'secretBox'>, guard: ThrottleGuard): CompleteLoginWithPasskey =>
  async (pendingSecret, input, context) => {
    await guard.admitAddress(context.clientAddress);
    const { response } = parse<{ response: unknown }>(passkeyResponseRules, input);
    return completeSecondStep(deps, guard, pendingSecret, context, {
      refusal: 'webauthn_failed',
      method: 'hwk',
      prove: async (scope, pending) => {
        // Taken whether or not the assertion verifies: a challenge is single-use.
        const challenge = await scope.factors.takeChallenge(pending.id, 'second_factor');
        if (!challenge || !isChallengeLive(challenge, deps.clock.now())) return 'wrong';
        return (await provePasskey(deps, scope, response, challenge.challenge, 'preferred')) === null ? 'wrong' : 'proved';
      },
    });
  };
