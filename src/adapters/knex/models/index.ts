import { FORWARD_AUTH_RULE_GROUPS, FORWARD_AUTH_RULES, OIDC_CLIENT_GROUPS } from './access-policies.js';
import { ACCOUNT_RECOVERIES } from './account-recoveries.js';
import { GROUP_MEMBERS, GROUPS } from './groups.js';
import { API_TOKENS } from './api-tokens.js';
import { INVITES } from './invites.js';
import { OIDC_CLIENTS } from './oidc-clients.js';
import { OIDC_PAYLOADS } from './oidc-payloads.js';
import { OIDC_SIGNING_KEYS } from './oidc-signing-keys.js';
import { PASSKEYS } from './passkeys.js';
import { PENDING_ACTIONS } from './pending-actions.js';
import { PENDING_LOGINS } from './pending-logins.js';
import { RECOVERY_CODES } from './recovery-codes.js';
import { SECOND_FACTOR_FAILURES } from './second-factor-failures.js';
import type { SchemaModel } from './model.js';
import { SECURITY_EVENTS } from './security-events.js';
import { SESSION_SIGN_INS, SESSIONS_TABLE } from './session-sign-ins.js';
import { SESSIONS } from './sessions.js';
import { THROTTLE_COUNTERS } from './throttle-counters.js';
import { TOTP_FACTORS } from './totp-factors.js';
import { CREDENTIAL_OWNERS, USERS } from './users.js';
import { PASSKEY_LOGIN_CHALLENGES, WEBAUTHN_CHALLENGES } from './webauthn-challenges.js';

export {
  FORWARD_AUTH_RULE_GROUPS,
  FORWARD_AUTH_RULES,
  GROUP_MEMBERS,
  GROUPS,
  OIDC_CLIENT_GROUPS,
  ACCOUNT_RECOVERIES,
  API_TOKENS,
  CREDENTIAL_OWNERS,
  INVITES,
  OIDC_CLIENTS,
  OIDC_PAYLOADS,
  OIDC_SIGNING_KEYS,
  PASSKEY_LOGIN_CHALLENGES,
  PASSKEYS,
  PENDING_ACTIONS,
  PENDING_LOGINS,
  RECOVERY_CODES,
  SECOND_FACTOR_FAILURES,
  SECURITY_EVENTS,
  SESSION_SIGN_INS,
  SESSIONS,
  SESSIONS_TABLE,
  THROTTLE_COUNTERS,
  TOTP_FACTORS,
  USERS,
  WEBAUTHN_CHALLENGES,
};
export type { Column, InsertableModel, LogicalType, Model, SchemaModel, ScopedModel } from './model.js';
export type { OidcClientRow } from './oidc-clients.js';
export type { ForwardAuthRuleRow } from './access-policies.js';
export type { OidcPayloadRow } from '../../oidc-payload-row.js';
export type { SessionSignInRow } from './session-sign-ins.js';

/** Every table the service owns, in dependency order; the drift check compares exactly these. */
export const MODELS: readonly SchemaModel[] = [
  USERS,
  SESSIONS_TABLE,
  INVITES,
  API_TOKENS,
  THROTTLE_COUNTERS,
  SECURITY_EVENTS,
  TOTP_FACTORS,
  PASSKEYS,
  RECOVERY_CODES,
  PENDING_LOGINS,
  WEBAUTHN_CHALLENGES,
  PASSKEY_LOGIN_CHALLENGES,
  ACCOUNT_RECOVERIES,
  SECOND_FACTOR_FAILURES,
  OIDC_CLIENTS,
  OIDC_PAYLOADS,
  OIDC_SIGNING_KEYS,
  GROUPS,
  GROUP_MEMBERS,
  FORWARD_AUTH_RULES,
  FORWARD_AUTH_RULE_GROUPS,
  OIDC_CLIENT_GROUPS,
  PENDING_ACTIONS,
];
