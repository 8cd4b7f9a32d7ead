import { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from '../domain/throttle.js';
import type { Ports } from '../ports/ports.js';
import { makeCreateApiToken, makeListApiTokens, makeRevokeApiToken } from './api-tokens.js';
import { makeAuthenticateApiToken } from './authenticate-api-token.js';
import { makeAuthenticateSession } from './authenticate-session.js';
import { makeChangePassword } from './change-password.js';
import { makeCheckNewAdmin } from './check-new-admin.js';
import { makeCreateAdmin } from './create-admin.js';
import { makeDeleteAccount } from './delete-account.js';
import { makeGetMe } from './get-me.js';
import { makeCreateInvite, makeCreateInviteAsOperator } from './invites.js';
import { makeLogin } from './login.js';
import { makeLogout } from './logout.js';
import { makePasswordCheck } from './password-check.js';
import { makeRegisterWithInvite } from './register-with-invite.js';
import { makeListSessions, makeRevokeOtherSessions, makeRevokeSession } from './sessions.js';
import { makeStepUp } from './step-up.js';
import { makeThrottleGuard } from './throttle-guard.js';
import { makeUpdateDisplayName } from './update-display-name.js';
import type { UseCases } from './use-cases.js';

/** `limits` come from configuration (CONTRACT §9); the contract's defaults otherwise. */
export const makeUseCases = (ports: Ports, limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): UseCases => {
  const guard = makeThrottleGuard(ports, limits);
  const checkPassword = makePasswordCheck(ports, guard);
  return {
    registerWithInvite: makeRegisterWithInvite(ports, guard),
    login: makeLogin(ports, guard),
    logout: makeLogout(ports),
    authenticateSession: makeAuthenticateSession(ports),
    authenticateApiToken: makeAuthenticateApiToken(ports),
    stepUp: makeStepUp(ports, checkPassword),
    getMe: makeGetMe(),
    updateDisplayName: makeUpdateDisplayName(ports),
    changePassword: makeChangePassword(ports, checkPassword),
    deleteAccount: makeDeleteAccount(ports, checkPassword),
    listSessions: makeListSessions(ports),
    revokeSession: makeRevokeSession(ports),
    revokeOtherSessions: makeRevokeOtherSessions(ports),
    createApiToken: makeCreateApiToken(ports),
    listApiTokens: makeListApiTokens(ports),
    revokeApiToken: makeRevokeApiToken(ports),
    createInvite: makeCreateInvite(ports),
    createInviteAsOperator: makeCreateInviteAsOperator(ports),
    createAdmin: makeCreateAdmin(ports),
    checkNewAdmin: makeCheckNewAdmin(ports),
    checkHealth: () => ports.health.isDatabaseUp(),
    checkReadiness: () => ports.health.isSchemaCurrent(),
  };
};
