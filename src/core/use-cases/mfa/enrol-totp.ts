import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passwordOnlyRules } from '../../rules.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { otpauthUri, sealTotpSecret } from './totp-secret.js';

/** An unconfirmed TOTP factor; its secret is shown here once. */
export type EnrolTotp = (principal: Principal, input: unknown) => Promise<{ secret: string; uri: string }>;

/** A new, unconfirmed authenticator app; it replaces an earlier unconfirmed one. The secret is shown here only. */
export const makeEnrolTotp =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'totp' | 'secretBox'>, checkPassword: PasswordCheck): EnrolTotp =>
  async (principal, input) => {
    requireSession(principal);
    const body = parse<{ password: string }>(passwordOnlyRules, input);
    const scope = deps.scopes.open(principal.userId);
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    if ((await scope.factors.findTotp())?.confirmedAt) throw new DomainError('mfa_already_enabled');
    // A password alone never adds a factor to an account that has one (it may be all a thief has).
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    await checkPassword(scope, user, body.password, principal.context);
    const secret = deps.totp.newSecret();
    const factor = { id: deps.ids.next(), userId: user.id, sealedSecret: sealTotpSecret(deps, user.id, secret), createdAt: deps.clock.now(), confirmedAt: null, lastUsedStep: 0 };
    await scope.transaction(async (tx) => {
      await tx.factors.deleteTotp();
      await tx.factors.insertTotp(factor);
    });
    return { secret, uri: otpauthUri(secret, user.email) };
  };
