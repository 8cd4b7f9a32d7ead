import { requireSession, type Principal } from '../../domain/principal.js';
import { isChallengeLive } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passkeyResponseRules } from '../../rules.js';
import { provePasskey } from '../mfa/prove-passkey.js';
import { stepUpWithFactor } from './step-up-with-factor.js';
import type { ThrottleGuard } from '../sign-in/throttle-guard.js';
import type { SessionGrant } from '../views.js';

export type StepUpWithPasskey = (principal: Principal, input: unknown) => Promise<SessionGrant>;

export const makeStepUpWithPasskey =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'webauthn' | 'secretBox' | 'secrets'>, guard: ThrottleGuard): StepUpWithPasskey =>
  async (principal, input) => {
    requireSession(principal);
    const { response } = parse<{ response: unknown }>(passkeyResponseRules, input);
    return stepUpWithFactor(deps, guard, principal, 'webauthn_failed', async (scope, sessionId) => {
      const challenge = await scope.factors.takeChallenge(sessionId, 'step_up');
      if (!challenge || !isChallengeLive(challenge, deps.clock.now())) return 'wrong';
      return (await provePasskey(deps, scope, response, challenge.challenge, 'preferred')) === null ? 'wrong' : 'proved';
    });
  };
