import type { Ports } from '../../ports/ports.js';
import { parse, secondFactorRules } from '../../rules.js';
import { proveCode, type CodeProof } from '../mfa/prove-code.js';
import type { SignInContext, SignedIn } from '../views.js';
import { completeSecondStep } from './second-step.js';
import type { ThrottleGuard } from './throttle-guard.js';

/** The second login step, `{code}` or `{recovery_code}`, on the pending login that secret names. */
export type CompleteLoginWithCode = (pendingSecret: string | null, input: unknown, context: SignInContext) => Promise<SignedIn>;

/** POST /auth/mfa: `{code}` or `{recovery_code}` on the pending login the cookie names. */
export const makeCompleteLoginWithCode =
  (deps: Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'ids' | 'clock' | 'totp' | 'secretBox'>, guard: ThrottleGuard): CompleteLoginWithCode =>
  async (pendingSecret, input, context) => {
    await guard.admitAddress(context.clientAddress);
    const proof = parse<CodeProof>(secondFactorRules, input);
    return completeSecondStep(deps, guard, pendingSecret, context, {
      refusal: 'invalid_credentials',
      method: 'otp', // a TOTP code or a recovery code
      prove: (scope) => proveCode(deps, scope, proof, context),
    });
  };
