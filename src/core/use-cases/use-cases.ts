import type { AdminCaller, UserRef } from '../domain/admin-principal.js';
import type { Paged } from '../domain/page-cursor.js';
import type { Principal } from '../domain/principal.js';
import type { PublicUser } from '../domain/user.js';
import type { JsonObject } from '../ports/webauthn.js';
import type { IssuedRecovery } from './admin/issue-account-recovery.js';
import type { AdminUserView, ApiTokenView, EventView, InviteView, LoginResult, MfaView, PasskeyView, RequestContext, SessionGrant, SessionView, SignInContext } from './views.js';

/** `device` is the device cookie a completed login hands the browser (decision 0018). */
type SignedIn = { user: PublicUser; session: SessionGrant; device: SessionGrant };

/**
 * The whole application surface, shared by the HTTP and CLI adapters. Inputs that come from a
 * client are `unknown`: each use case validates them with the shared rules (core/rules.ts) and
 * throws DomainError('validation_failed') with locs relative to the input object.
 */
export interface UseCases {
  registerWithInvite(input: unknown, context: SignInContext): Promise<{ user: PublicUser; session: SessionGrant }>;
  /** For a user with a second factor: no session, a pending login to complete with one (CONTRACT §10). */
  login(input: unknown, context: SignInContext): Promise<LoginResult>;
  /** The second login step, `{code}` or `{recovery_code}`, on the pending login that secret names. */
  completeLoginWithCode(pendingSecret: string | null, input: unknown, context: SignInContext): Promise<SignedIn>;
  /** Request options for the pending login's user's passkeys. */
  secondStepPasskeyOptions(pendingSecret: string | null): Promise<JsonObject>;
  completeLoginWithPasskey(pendingSecret: string | null, input: unknown, context: SignInContext): Promise<SignedIn>;
  /** Passwordless: options for a discoverable credential, bound to a secret for a short-lived cookie. */
  passkeyLoginOptions(context: RequestContext): Promise<{ options: JsonObject; challenge: SessionGrant }>;
  loginWithPasskey(challengeSecret: string | null, input: unknown, context: SignInContext): Promise<SignedIn>;
  logout(sessionToken: string | null, context: RequestContext): Promise<void>;
  /** Throws not_authenticated. `renewed` is set when the cookie must be sent again. */
  authenticateSession(token: string, context: RequestContext): Promise<{ principal: Principal; session: SessionGrant; renewed: boolean }>;
  authenticateApiToken(token: string, context: RequestContext): Promise<Principal>;
  /** Renews the current session's proof (cookie only): `{password}` without a second factor, `{code}` or `{recovery_code}` with one. */
  stepUp(principal: Principal, input: unknown): Promise<SessionGrant | null>;
  stepUpPasskeyOptions(principal: Principal): Promise<JsonObject>;
  stepUpWithPasskey(principal: Principal, input: unknown): Promise<SessionGrant>;

  getMfa(principal: Principal): Promise<MfaView>;
  /** An unconfirmed TOTP factor; its secret is shown here once. */
  enrolTotp(principal: Principal, input: unknown): Promise<{ secret: string; uri: string }>;
  /** The recovery codes when it is the user's first factor, else null. */
  confirmTotp(principal: Principal, input: unknown): Promise<{ recoveryCodes: string[] | null; session: SessionGrant }>;
  removeTotp(principal: Principal, input: unknown): Promise<void>;
  passkeyRegistrationOptions(principal: Principal, input: unknown): Promise<JsonObject>;
  registerPasskey(principal: Principal, input: unknown): Promise<{ passkey: PasskeyView; recoveryCodes: string[] | null; session: SessionGrant }>;
  removePasskey(principal: Principal, passkeyId: string, input: unknown): Promise<void>;
  regenerateRecoveryCodes(principal: Principal, input: unknown): Promise<string[]>;

  getMe(principal: Principal): Promise<PublicUser>;
  updateDisplayName(principal: Principal, input: unknown): Promise<PublicUser>;
  /** Session credentials only (else forbidden). Returns the rotated session. */
  changePassword(principal: Principal, input: unknown): Promise<SessionGrant>;
  /** Session credentials only (else forbidden). */
  deleteAccount(principal: Principal, input: unknown): Promise<void>;

  listSessions(principal: Principal): Promise<SessionView[]>;
  /** Unknown or another user's id → not_found; another session by cookie needs recent authentication. */
  revokeSession(principal: Principal, sessionId: string): Promise<{ wasCurrent: boolean }>;
  /** Session credentials only (else forbidden), with recent authentication. */
  revokeOtherSessions(principal: Principal): Promise<void>;

  /** Session credentials only (a credential never mints a credential), with recent authentication. */
  createApiToken(principal: Principal, input: unknown): Promise<{ token: ApiTokenView; secret: string }>;
  listApiTokens(principal: Principal): Promise<ApiTokenView[]>;
  revokeApiToken(principal: Principal, tokenId: string): Promise<void>;

  /** The caller's own security trail, newest first (query: limit, cursor). */
  listMyEvents(principal: Principal, query: unknown): Promise<Paged<EventView>>;

  /**
   * Administration (CONTRACT §11). A Principal must be an enabled admin by the database's word at
   * this call (else forbidden); 'operator' is the command line. Unknown targets are not_found.
   */
  listUsers(caller: AdminCaller, query: unknown): Promise<Paged<AdminUserView>>;
  getUser(caller: AdminCaller, userId: string): Promise<AdminUserView>;
  disableUser(caller: AdminCaller, target: UserRef): Promise<void>;
  enableUser(caller: AdminCaller, target: UserRef): Promise<void>;
  revokeUserSessions(caller: AdminCaller, target: UserRef): Promise<void>;
  resetUserMfa(caller: AdminCaller, target: UserRef): Promise<void>;
  deleteUser(caller: AdminCaller, target: UserRef): Promise<void>;
  /** input: { role: 'admin' | 'member' }. */
  setRole(caller: AdminCaller, target: UserRef, input: unknown): Promise<void>;
  listAllInvites(caller: AdminCaller): Promise<InviteView[]>;
  revokeInvite(caller: AdminCaller, inviteId: string): Promise<void>;
  /** Every user's trail (query: user_id, type, limit, cursor). */
  listAllEvents(caller: AdminCaller, query: unknown): Promise<Paged<EventView>>;

  /** Admins only (else forbidden). */
  createInvite(principal: Principal, input: unknown): Promise<{ invite: InviteView; code: string }>;
  /** The operator's path: acts as the admin with that email; unknown or non-admin → forbidden. */
  createInviteAsOperator(adminEmail: string, input: unknown): Promise<{ invite: InviteView; code: string }>;
  /** input: { email, password, display_name? }. An existing email → email_taken, nothing changed. */
  createAdmin(input: unknown): Promise<PublicUser>;
  /** input: { email, display_name? }. createAdmin's refusals that need no password: rules, email_taken. */
  checkNewAdmin(input: unknown): Promise<void>;

  /**
   * A one-time account-recovery code for the user (24 hours, shown once); an earlier unused one is
   * void. An admin over HTTP or the operator at the command line; no such user → not_found.
   */
  issueAccountRecovery(caller: AdminCaller, target: UserRef): Promise<IssuedRecovery>;
  /** input: { email, code, new_password }. Every refusal of the code is the same recovery_invalid. */
  recoverAccount(input: unknown, context: SignInContext): Promise<LoginResult>;
  /** Deletes the security events older than the configured retention; answers how many went. */
  purgeExpiredEvents(): Promise<number>;

  checkHealth(): Promise<boolean>;
  /** The database answers and its schema is at the latest migration this build knows. */
  checkReadiness(): Promise<boolean>;
}
