import type { JsonObject } from '../../ports/webauthn.js';
import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { PASSKEY_LIMIT } from '../../domain/second-factor.js';
import { CHALLENGE_MS } from '../../domain/webauthn-challenge.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passwordOnlyRules } from '../../rules.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { credentialOf } from './prove-passkey.js';

export type PasskeyRegistrationOptions = (principal: Principal, input: unknown) => Promise<JsonObject>;

/** Creation options whose challenge is bound to this session; the user's own passkeys are excluded. */
export const makePasskeyRegistrationOptions =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'webauthn'>, checkPassword: PasswordCheck): PasskeyRegistrationOptions =>
  async (principal, input) => {
    const { sessionId } = requireSession(principal);
    const body = parse<{ password: string }>(passwordOnlyRules, input);
    const scope = deps.scopes.open(principal.userId);
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    const passkeys = await scope.factors.listPasskeys();
    if (passkeys.length >= PASSKEY_LIMIT) throw new DomainError('passkey_limit');
    // A password alone never adds a factor to an account that has one (it may be all a thief has).
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    await checkPassword(scope, user, body.password, principal.context);
    const { options, challenge } = await deps.webauthn.registrationOptions(
      { id: user.id, email: user.email, displayName: user.displayName },
      passkeys.map(credentialOf),
    );
    const now = deps.clock.now();
    await scope.factors.replaceChallenge(
      { id: deps.ids.next(), userId: user.id, boundTo: sessionId, purpose: 'registration', challenge, expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
      now,
    );
    return options;
  };
