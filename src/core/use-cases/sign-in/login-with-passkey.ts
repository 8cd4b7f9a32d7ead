import { DomainError } from '../../domain/errors.js';
import { isDisabled, toPublicUser } from '../../domain/user.js';
import { isChallengeLive } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passkeyResponseRules } from '../../rules.js';
import { endPresentedSession } from './end-presented-session.js';
import { newSession } from './new-session.js';
import { credentialOf } from '../mfa/prove-passkey.js';
import type { ThrottleGuard } from './throttle-guard.js';
import { countRefusedProof, refuseWhileLocked } from './second-factor-lock.js';
import { trailEvent } from '../trail-event.js';
import { issueDeviceCookie, loginAttempt } from './trusted-device.js';
import type { SignInContext, SignedIn } from '../views.js';
type Deps = Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'ids' | 'clock' | 'webauthn' | 'secretBox'>;
export type LoginWithPasskey = (challengeSecret: string | null, input: unknown, context: SignInContext) => Promise<SignedIn>;

/**
 * Passwordless: a discoverable passkey with user verification is two factors in one (something
 * held, and a PIN or biometric), so the session it opens counts as MFA.
 */
export const makeLoginWithPasskey =
  (deps: Deps, guard: ThrottleGuard): LoginWithPasskey =>
  async (challengeSecret, input, context) => {
    await guard.admitAddress(context.clientAddress);
    const { response } = parse<{ response: unknown }>(passkeyResponseRules, input);
    const challenge = challengeSecret === null ? null : await deps.auth.takePasskeyLoginChallenge(deps.secrets.hashOf(challengeSecret));
    const credentialId = deps.webauthn.credentialIdOf(response);
    const found = credentialId === null ? null : await deps.auth.findPasskeyByCredentialId(credentialId);
    if (!challenge || !isChallengeLive(challenge, deps.clock.now()) || !found) throw new DomainError('webauthn_failed');
    const { passkey, user } = found;
    const scope = deps.scopes.open(user.id);
    const attempt = loginAttempt(deps, user.email, user.id, context);
    await guard.admitLogin(attempt, () => scope.recordEvent(trailEvent(deps, 'login_throttled', context)));
    await refuseWhileLocked(scope); // a passkey alone is a second factor too: the lock holds here as well
    const verified = await deps.webauthn.verifyAuthentication(response, challenge.challenge, credentialOf(passkey), 'required');
    // The user handle the authenticator stored at registration must name the passkey's owner.
    if (!verified || verified.userHandle !== user.id) {
      await countRefusedProof(deps, scope, context);
      await scope.recordEvent(trailEvent(deps, 'login_failed', context));
      throw new DomainError('webauthn_failed');
    }
    if (isDisabled(user)) {
      await scope.recordEvent(trailEvent(deps, 'login_failed', context));
      throw new DomainError('invalid_credentials');
    }
    const now = deps.clock.now();
    const { session, grant } = newSession(deps, user.id, context.userAgent, ['hwk', 'mfa'], now);
    await scope.transaction(async (tx) => {
      await tx.factors.touchPasskey(passkey.id, verified.counter, now);
      await tx.factors.clearSecondFactorFailures();
      await tx.recordSignIn({ userChanges: { lastLoginAt: now }, session, event: trailEvent(deps, 'login_succeeded', context, { targetId: session.id }) });
    });
    await guard.clearLoginFailures(attempt);
    await endPresentedSession(deps, context);
    return { user: toPublicUser(user), session: grant, device: issueDeviceCookie(deps, user.id) };
  };
