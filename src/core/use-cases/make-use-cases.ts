import type { Ports } from '../ports/ports.js';
import { makeCreateApiToken, makeListApiTokens, makeRevokeApiToken } from './api-tokens.js';
import { makeAuthenticateApiToken } from './authenticate-api-token.js';
import { makeAuthenticateSession } from './authenticate-session.js';
import { makeChangePassword } from './change-password.js';
import { makeCreateAdmin } from './create-admin.js';
import { makeDeleteAccount } from './delete-account.js';
import { makeGetMe } from './get-me.js';
import { makeCreateInvite, makeCreateInviteAsOperator } from './invites.js';
import { makeLogin } from './login.js';
import { makeLogout } from './logout.js';
import { makeRegisterWithInvite } from './register-with-invite.js';
import { makeListSessions, makeRevokeOtherSessions, makeRevokeSession } from './sessions.js';
import { makeUpdateDisplayName } from './update-display-name.js';
import type { UseCases } from './use-cases.js';

export const makeUseCases = (ports: Ports): UseCases => ({
  registerWithInvite: makeRegisterWithInvite(ports),
  login: makeLogin(ports),
  logout: makeLogout(ports),
  authenticateSession: makeAuthenticateSession(ports),
  authenticateApiToken: makeAuthenticateApiToken(ports),
  getMe: makeGetMe(ports),
  updateDisplayName: makeUpdateDisplayName(ports),
  changePassword: makeChangePassword(ports),
  deleteAccount: makeDeleteAccount(ports),
  listSessions: makeListSessions(ports),
  revokeSession: makeRevokeSession(ports),
  revokeOtherSessions: makeRevokeOtherSessions(ports),
  createApiToken: makeCreateApiToken(ports),
  listApiTokens: makeListApiTokens(ports),
  revokeApiToken: makeRevokeApiToken(ports),
  createInvite: makeCreateInvite(ports),
  createInviteAsOperator: makeCreateInviteAsOperator(ports),
  createAdmin: makeCreateAdmin(ports),
  checkHealth: () => ports.health.isDatabaseUp(),
});
