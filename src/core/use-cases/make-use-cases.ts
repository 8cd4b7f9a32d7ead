import type { MfaPolicy } from '../domain/mfa-policy.js';
import { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from '../domain/throttle.js';
import type { Ports } from '../ports/ports.js';
import { makeListAllInvites } from './admin/list-all-invites.js';
import { makeRevokeInvite } from './admin/revoke-invite.js';
import { makeDeleteUser } from './admin/delete-user.js';
import { makeDisableUser } from './admin/disable-user.js';
import { makeEnableUser } from './admin/enable-user.js';
import { makeGetUser } from './admin/get-user.js';
import { makeGetUserFactors } from './admin/get-user-factors.js';
import { makeListUserSessions } from './admin/list-user-sessions.js';
import { makeListAllEvents } from './admin/list-all-events.js';
import { makeListUsers } from './admin/list-users.js';
import { makeResetUserMfa } from './admin/reset-user-mfa.js';
import { makeRevokeUserSessions } from './admin/revoke-user-sessions.js';
import { makeSetRole } from './admin/set-role.js';
import { makeIssueAccountRecovery } from './admin/issue-account-recovery.js';
import { makeListMyEvents } from './account/list-my-events.js';
import { makeCreateApiToken } from './credentials/create-api-token.js';
import { makeListApiTokens } from './credentials/list-api-tokens.js';
import { makeRevokeApiToken } from './credentials/revoke-api-token.js';
import { makeAuthenticateApiToken } from './sign-in/authenticate-api-token.js';
import { makeAuthenticateSession } from './sign-in/authenticate-session.js';
import { makeChangePassword } from './account/change-password.js';
import { makeCheckNewAdmin } from './admin/check-new-admin.js';
import { makeCreateAdmin } from './admin/create-admin.js';
import { makeDeleteAccount } from './account/delete-account.js';
import { makeGetMe } from './account/get-me.js';
import { makeCreateInvite } from './credentials/create-invite.js';
import { makeCreateInviteAsOperator } from './credentials/create-invite-as-operator.js';
import { makeLogin } from './sign-in/login.js';
import { makeLogout } from './sign-in/logout.js';
import { makePasswordCheck } from './sign-in/password-check.js';
import { makePurgeExpiredEvents } from './maintenance/purge-expired-events.js';
import { makeRecoverAccount } from './sign-in/recover-account.js';
import { makeRegisterWithInvite } from './sign-in/register-with-invite.js';
import { makeListSessions } from './account/list-sessions.js';
import { makeRevokeOtherSessions } from './account/revoke-other-sessions.js';
import { makeRevokeSession } from './account/revoke-session.js';
import { makeStepUp } from './step-up/step-up.js';
import { makeDescribeInvite } from './sign-in/describe-invite.js';
import { makeFindPendingAction, makeKeepPendingAction, makeTakePendingAction } from './step-up/pending-actions.js';
import { makeCompleteLoginWithCode } from './sign-in/complete-login-with-code.js';
import { makeCompleteLoginWithPasskey } from './sign-in/complete-login-with-passkey.js';
import { makeConfirmTotp } from './mfa/confirm-totp.js';
import { makeEnrolTotp } from './mfa/enrol-totp.js';
import { makePendingTotp } from './mfa/pending-totp.js';
import { makeGetMfa } from './mfa/get-mfa.js';
import { makeLoginWithPasskey } from './sign-in/login-with-passkey.js';
import { makePasskeyLoginOptions } from './sign-in/passkey-login-options.js';
import { makePasskeyRegistrationOptions } from './mfa/passkey-registration-options.js';
import { makeRegenerateRecoveryCodes } from './mfa/regenerate-recovery-codes.js';
import { makeRegisterPasskey } from './mfa/register-passkey.js';
import { makeRemovePasskey } from './mfa/remove-passkey.js';
import { makeRemoveTotp } from './mfa/remove-totp.js';
import { makeSecondStepPasskeyOptions } from './sign-in/second-step-passkey-options.js';
import { makeStepUpPasskeyOptions } from './step-up/step-up-passkey-options.js';
import { makeStepUpWithPasskey } from './step-up/step-up-with-passkey.js';
import { makeThrottleGuard } from './sign-in/throttle-guard.js';
import { makeUpdateDisplayName } from './account/update-display-name.js';
import { makeDescribeSignIn } from './sign-in/describe-sign-in.js';
import { makeCreateOidcClient, makeCreateOidcClientAsOperator } from './oidc/create-oidc-client.js';
import { makeFindOidcAccount } from './oidc/find-oidc-account.js';
import { makeFindUserinfoSources } from './oidc/find-userinfo-sources.js';
import { makeFindRememberedOidcConsent } from './oidc/find-remembered-oidc-consent.js';
import { makeGrantOidcConsent } from './oidc/grant-oidc-consent.js';
import { makeLoadOidcSigningKeys } from './oidc/load-oidc-signing-keys.js';
import { makeRotateOidcSigningKeysAsOperator } from './oidc/rotate-oidc-signing-keys.js';
import { makeDeleteOidcClient } from './oidc/delete-oidc-client.js';
import { makeGetOidcClient } from './oidc/get-oidc-client.js';
import { makeListMyOidcGrants } from './oidc/list-my-oidc-grants.js';
import { makeListOidcClients } from './oidc/list-oidc-clients.js';
import { makePurgeExpiredOidcPayloads } from './oidc/purge-expired-oidc-payloads.js';
import { makeRecordOidcEvent } from './oidc/record-oidc-event.js';
import { makeRevokeMyOidcGrant } from './oidc/revoke-my-oidc-grant.js';
import { makeUpdateOidcClient } from './oidc/update-oidc-client.js';
import { makeDeviceCodeAttempts } from './oidc/device-code-attempts.js';
import { makeUpdateMe } from './account/update-me.js';
import { makeUpdateUser } from './admin/update-user.js';
import { makeCreateGroup } from './groups/create-group.js';
import { makeDeleteGroup } from './groups/delete-group.js';
import { makeAddGroupMember, makeListGroupMembers, makeRemoveGroupMember } from './groups/group-members.js';
import { makeGetGroup, makeListGroups, makeListMyGroups, makeListUserGroups } from './groups/read-groups.js';
import { makeUpdateGroup } from './groups/update-group.js';
import {
  makeCreateForwardAuthRule,
  makeDeleteForwardAuthRule,
  makeGetForwardAuthRule,
  makeListForwardAuthRules,
  makeUpdateForwardAuthRule,
} from './forward-auth/rule-admin.js';
import { makeDecideClientAccess, makeDecideReadClientAccess } from './access/decide-client-access.js';
import { makeDecideForwardAuth } from './access/decide-forward-auth.js';

/** The default of SERVICE_EVENT_RETENTION_DAYS. */
export const DEFAULT_EVENT_RETENTION_DAYS = 180;

/** What the environment changes in the core: in production, OpenID redirect URIs must be https (but loopback). */
export interface UseCaseOptions {
  production?: boolean;
}

/** `limits`, `mfaPolicy`, `eventRetentionDays` and `options` come from configuration; the defaults otherwise. */
export const makeUseCases = (
  ports: Ports,
  limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  mfaPolicy: MfaPolicy = 'none',
  eventRetentionDays = DEFAULT_EVENT_RETENTION_DAYS,
  options: UseCaseOptions = {},
) => {
  const production = options.production ?? false;
  const guard = makeThrottleGuard(ports, limits);
  const checkPassword = makePasswordCheck(ports, guard);
  return {
    registerWithInvite: makeRegisterWithInvite(ports, guard),
    describeInvite: makeDescribeInvite(ports),
    login: makeLogin(ports, guard),
    completeLoginWithCode: makeCompleteLoginWithCode(ports, guard),
    secondStepPasskeyOptions: makeSecondStepPasskeyOptions(ports),
    completeLoginWithPasskey: makeCompleteLoginWithPasskey(ports, guard),
    passkeyLoginOptions: makePasskeyLoginOptions(ports, guard),
    loginWithPasskey: makeLoginWithPasskey(ports, guard),
    logout: makeLogout(ports),
    authenticateSession: makeAuthenticateSession(ports, mfaPolicy),
    authenticateApiToken: makeAuthenticateApiToken(ports),
    describeSignIn: makeDescribeSignIn(ports),
    stepUp: makeStepUp(ports, checkPassword, guard),
    stepUpPasskeyOptions: makeStepUpPasskeyOptions(ports),
    stepUpWithPasskey: makeStepUpWithPasskey(ports, guard),
    keepPendingAction: makeKeepPendingAction(ports),
    takePendingAction: makeTakePendingAction(ports),
    findPendingAction: makeFindPendingAction(ports),
    getMfa: makeGetMfa(ports),
    enrolTotp: makeEnrolTotp(ports, checkPassword),
    pendingTotp: makePendingTotp(ports),
    confirmTotp: makeConfirmTotp(ports),
    removeTotp: makeRemoveTotp(ports, checkPassword),
    passkeyRegistrationOptions: makePasskeyRegistrationOptions(ports, checkPassword),
    registerPasskey: makeRegisterPasskey(ports),
    removePasskey: makeRemovePasskey(ports, checkPassword),
    regenerateRecoveryCodes: makeRegenerateRecoveryCodes(ports, checkPassword),
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
    listMyEvents: makeListMyEvents(ports),
    listUsers: makeListUsers(ports),
    getUser: makeGetUser(ports),
    getUserFactors: makeGetUserFactors(ports),
    listUserSessions: makeListUserSessions(ports),
    disableUser: makeDisableUser(ports),
    enableUser: makeEnableUser(ports),
    revokeUserSessions: makeRevokeUserSessions(ports),
    resetUserMfa: makeResetUserMfa(ports),
    deleteUser: makeDeleteUser(ports),
    setRole: makeSetRole(ports),
    listAllInvites: makeListAllInvites(ports),
    revokeInvite: makeRevokeInvite(ports),
    listAllEvents: makeListAllEvents(ports),
    createInvite: makeCreateInvite(ports),
    createInviteAsOperator: makeCreateInviteAsOperator(ports),
    createAdmin: makeCreateAdmin(ports),
    checkNewAdmin: makeCheckNewAdmin(ports),
    issueAccountRecovery: makeIssueAccountRecovery(ports),
    recoverAccount: makeRecoverAccount(ports, guard),
    purgeExpiredEvents: makePurgeExpiredEvents(ports, eventRetentionDays),
    createOidcClient: makeCreateOidcClient(ports, production),
    createOidcClientAsOperator: makeCreateOidcClientAsOperator(ports, production),
    listOidcClients: makeListOidcClients(ports),
    getOidcClient: makeGetOidcClient(ports),
    deleteOidcClient: makeDeleteOidcClient(ports),
    listMyOidcGrants: makeListMyOidcGrants(ports),
    revokeMyOidcGrant: makeRevokeMyOidcGrant(ports),
    recordOidcEvent: makeRecordOidcEvent(ports),
    findOidcAccount: makeFindOidcAccount(ports),
    findUserinfoSources: makeFindUserinfoSources(ports),
    grantOidcConsent: makeGrantOidcConsent(ports),
    findRememberedOidcConsent: makeFindRememberedOidcConsent(ports),
    loadOidcSigningKeys: makeLoadOidcSigningKeys(ports),
    rotateOidcSigningKeysAsOperator: makeRotateOidcSigningKeysAsOperator(ports),
    purgeExpiredOidcPayloads: makePurgeExpiredOidcPayloads(ports),
    updateOidcClient: makeUpdateOidcClient(ports, production),
    deviceCodeAttempts: makeDeviceCodeAttempts(ports, limits),
    updateMe: makeUpdateMe(ports),
    updateUser: makeUpdateUser(ports),
    createGroup: makeCreateGroup(ports),
    listGroups: makeListGroups(ports),
    getGroup: makeGetGroup(ports),
    updateGroup: makeUpdateGroup(ports),
    deleteGroup: makeDeleteGroup(ports),
    listGroupMembers: makeListGroupMembers(ports),
    addGroupMember: makeAddGroupMember(ports),
    removeGroupMember: makeRemoveGroupMember(ports),
    listMyGroups: makeListMyGroups(ports),
    listUserGroups: makeListUserGroups(ports),
    createForwardAuthRule: makeCreateForwardAuthRule(ports),
    listForwardAuthRules: makeListForwardAuthRules(ports),
    getForwardAuthRule: makeGetForwardAuthRule(ports),
    updateForwardAuthRule: makeUpdateForwardAuthRule(ports),
    deleteForwardAuthRule: makeDeleteForwardAuthRule(ports),
    decideClientAccess: makeDecideClientAccess(ports),
    decideReadClientAccess: makeDecideReadClientAccess(ports),
    decideForwardAuth: makeDecideForwardAuth(ports),
    checkHealth: (): Promise<boolean> => ports.health.isDatabaseUp(),
    /** The database answers and its schema is at the latest migration this build knows. */
    checkReadiness: (): Promise<boolean> => ports.health.isSchemaCurrent(),
  };
};
