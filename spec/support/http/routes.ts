import type { Method } from './api.js';
import { SETUPS, type Setup } from '../mfa/route-setups.js';
import { PASSWORD } from './users.js';

/** Who may call a route: no credential, cookie or token, cookie only, an admin's cookie or token, an admin's cookie only (admin changes). */
export type Access = 'none' | 'any' | 'session' | 'admin' | 'adminSession';

export interface Route {
  method: Method;
  /** As in the OpenAPI document; `{id}` is filled in by the spec. */
  path: string;
  access: Access;
  /** A body that passes validation, or undefined for routes that take none. */
  body?: Record<string, unknown>;
  /** The status of a successful call. */
  success: number;
  /** Run before the call: what the route needs to succeed (a pending login, a challenge, a factor). */
  setup?: Setup;
  /** What another user's cookie gets where it lacks the state the setup gave the owner (else `success`). */
  otherStatus?: number;
}

export const NEW_PASSWORD = 'another long passphrase for tests 7';

/**
 * Every route of CONTRACT §5 that acts for someone (health and docs aside), so the matrices
 * below cannot forget one: conformance to the document's list is asserted in route-table.spec.ts.
 */
export const ROUTES: readonly Route[] = [
  { method: 'post', path: '/api/v1/auth/register', access: 'none', success: 201, body: { invite_code: 'x', email: 'a@example.com', password: NEW_PASSWORD, display_name: 'A' } },
  { method: 'post', path: '/api/v1/auth/login', access: 'none', success: 200, body: { email: 'a@example.com', password: NEW_PASSWORD } },
  {
    method: 'post',
    path: '/api/v1/auth/recover',
    access: 'none',
    success: 200,
    body: { email: 'a@example.com', code: 'x', new_password: NEW_PASSWORD },
    setup: SETUPS.accountRecovery,
  },
  { method: 'post', path: '/api/v1/auth/step-up', access: 'session', success: 204, body: { password: PASSWORD } },
  { method: 'post', path: '/api/v1/auth/logout', access: 'none', success: 204 },
  { method: 'get', path: '/api/v1/auth/verify', access: 'any', success: 204 },
  { method: 'get', path: '/api/v1/users/me', access: 'any', success: 200 },
  { method: 'patch', path: '/api/v1/users/me', access: 'any', success: 200, body: { display_name: 'Renamed' } },
  { method: 'get', path: '/api/v1/users/me/groups', access: 'any', success: 200 },
  { method: 'delete', path: '/api/v1/users/me', access: 'session', success: 204, body: { password: PASSWORD } },
  {
    method: 'put',
    path: '/api/v1/users/me/password',
    access: 'session',
    success: 204,
    body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
  },
  { method: 'get', path: '/api/v1/sessions', access: 'any', success: 200 },
  { method: 'delete', path: '/api/v1/sessions/{id}', access: 'any', success: 204 },
  { method: 'post', path: '/api/v1/sessions/revoke-others', access: 'session', success: 204 },
  { method: 'post', path: '/api/v1/tokens', access: 'session', success: 201, body: { name: 'matrix' } },
  { method: 'get', path: '/api/v1/tokens', access: 'any', success: 200 },
  { method: 'delete', path: '/api/v1/tokens/{id}', access: 'any', success: 204 },
  { method: 'post', path: '/api/v1/invites', access: 'admin', success: 201, body: {} },
  { method: 'get', path: '/api/v1/users/me/events', access: 'any', success: 200 },
  { method: 'get', path: '/api/v1/admin/users', access: 'admin', success: 200 },
  { method: 'get', path: '/api/v1/admin/users/{id}', access: 'admin', success: 200 },
  { method: 'patch', path: '/api/v1/admin/users/{id}', access: 'adminSession', success: 200, body: { username: null } },
  { method: 'delete', path: '/api/v1/admin/users/{id}', access: 'adminSession', success: 204 },
  { method: 'post', path: '/api/v1/admin/users/{id}/disable', access: 'adminSession', success: 204 },
  { method: 'post', path: '/api/v1/admin/users/{id}/enable', access: 'adminSession', success: 204 },
  { method: 'delete', path: '/api/v1/admin/users/{id}/sessions', access: 'adminSession', success: 204 },
  { method: 'delete', path: '/api/v1/admin/users/{id}/mfa', access: 'adminSession', success: 204 },
  { method: 'post', path: '/api/v1/admin/users/{id}/recovery', access: 'adminSession', success: 201 },
  { method: 'get', path: '/api/v1/admin/invites', access: 'admin', success: 200 },
  { method: 'delete', path: '/api/v1/admin/invites/{id}', access: 'adminSession', success: 204 },
  { method: 'get', path: '/api/v1/admin/events', access: 'admin', success: 200 },
  {
    method: 'post',
    path: '/api/v1/admin/oidc/clients',
    access: 'adminSession',
    success: 201,
    body: { name: 'Matrix', type: 'confidential', redirect_uris: ['https://app.example.com/callback'] },
  },
  { method: 'get', path: '/api/v1/admin/oidc/clients', access: 'admin', success: 200 },
  { method: 'get', path: '/api/v1/admin/oidc/clients/{id}', access: 'admin', success: 200, setup: SETUPS.oidcClient },
  { method: 'patch', path: '/api/v1/admin/oidc/clients/{id}', access: 'adminSession', success: 200, body: { skip_consent: true }, setup: SETUPS.oidcClient },
  { method: 'delete', path: '/api/v1/admin/oidc/clients/{id}', access: 'adminSession', success: 204, setup: SETUPS.oidcClient },
  { method: 'post', path: '/api/v1/admin/groups', access: 'adminSession', success: 201, body: { name: 'matrix' }, setup: SETUPS.newGroupName },
  { method: 'get', path: '/api/v1/admin/groups', access: 'admin', success: 200 },
  { method: 'get', path: '/api/v1/admin/groups/{id}', access: 'admin', success: 200, setup: SETUPS.group },
  { method: 'patch', path: '/api/v1/admin/groups/{id}', access: 'adminSession', success: 200, body: { description: 'Renamed' }, setup: SETUPS.group },
  { method: 'delete', path: '/api/v1/admin/groups/{id}', access: 'adminSession', success: 204, setup: SETUPS.group },
  { method: 'get', path: '/api/v1/admin/groups/{id}/members', access: 'admin', success: 200, setup: SETUPS.group },
  { method: 'put', path: '/api/v1/admin/groups/{id}/members/{user_id}', access: 'adminSession', success: 204, setup: SETUPS.group },
  { method: 'delete', path: '/api/v1/admin/groups/{id}/members/{user_id}', access: 'adminSession', success: 204, setup: SETUPS.group },
  {
    method: 'post',
    path: '/api/v1/admin/forward-auth/rules',
    access: 'adminSession',
    success: 201,
    body: { host: 'matrix.example.com' },
    setup: SETUPS.newRuleHost,
  },
  { method: 'get', path: '/api/v1/admin/forward-auth/rules', access: 'admin', success: 200 },
  { method: 'get', path: '/api/v1/admin/forward-auth/rules/{id}', access: 'admin', success: 200, setup: SETUPS.forwardAuthRule },
  { method: 'patch', path: '/api/v1/admin/forward-auth/rules/{id}', access: 'adminSession', success: 200, body: { require_mfa: true }, setup: SETUPS.forwardAuthRule },
  { method: 'delete', path: '/api/v1/admin/forward-auth/rules/{id}', access: 'adminSession', success: 204, setup: SETUPS.forwardAuthRule },
  { method: 'get', path: '/api/v1/users/me/oidc-grants', access: 'any', success: 200 },
  { method: 'delete', path: '/api/v1/users/me/oidc-grants/{id}', access: 'any', success: 204, setup: SETUPS.ownOidcGrant },
  { method: 'post', path: '/api/v1/auth/mfa', access: 'none', success: 200, body: { code: '123456' }, setup: SETUPS.secondStepCode },
  { method: 'post', path: '/api/v1/auth/mfa/passkey/options', access: 'none', success: 200, setup: SETUPS.secondStepOptions },
  { method: 'post', path: '/api/v1/auth/mfa/passkey', access: 'none', success: 200, body: { response: {} }, setup: SETUPS.secondStepPasskey },
  { method: 'post', path: '/api/v1/auth/passkey/options', access: 'none', success: 200 },
  { method: 'post', path: '/api/v1/auth/passkey', access: 'none', success: 200, body: { response: {} }, setup: SETUPS.passwordless },
  { method: 'post', path: '/api/v1/auth/step-up/passkey/options', access: 'session', success: 200, setup: SETUPS.ownPasskey, otherStatus: 409 },
  { method: 'post', path: '/api/v1/auth/step-up/passkey', access: 'session', success: 204, body: { response: {} }, setup: SETUPS.stepUpPasskey, otherStatus: 400 },
  { method: 'get', path: '/api/v1/mfa', access: 'any', success: 200 },
  { method: 'post', path: '/api/v1/mfa/totp', access: 'session', success: 201, body: { password: PASSWORD } },
  { method: 'post', path: '/api/v1/mfa/totp/confirm', access: 'session', success: 200, body: { code: '123456' }, setup: SETUPS.pendingTotp, otherStatus: 409 },
  { method: 'delete', path: '/api/v1/mfa/totp', access: 'session', success: 204, body: { password: PASSWORD }, setup: SETUPS.unconfirmedTotp, otherStatus: 409 },
  { method: 'post', path: '/api/v1/mfa/passkeys/options', access: 'session', success: 200, body: { password: PASSWORD } },
  { method: 'post', path: '/api/v1/mfa/passkeys', access: 'session', success: 201, body: { name: 'Key', response: {} }, setup: SETUPS.newPasskey, otherStatus: 400 },
  { method: 'delete', path: '/api/v1/mfa/passkeys/{id}', access: 'session', success: 204, body: { password: PASSWORD }, setup: SETUPS.ownPasskey },
  { method: 'post', path: '/api/v1/mfa/recovery-codes', access: 'session', success: 200, body: { password: PASSWORD }, setup: SETUPS.ownPasskey, otherStatus: 409 },
];

export const label = (route: Route): string => `${route.method.toUpperCase()} ${route.path}`;
export const isMutating = (route: Route): boolean => route.method !== 'get';
