import { REMEMBERED_CONSENT_SECONDS } from '../core/domain/oidc-grant.js';

/** The promised lifetimes of the protocol's artefacts, in seconds. */
export const TTL = {
  AuthorizationCode: 60,
  AccessToken: 10 * 60,
  IdToken: 10 * 60,
  /** A refresh token unused this long dies; rotation never carries a grant past REFRESH_MAX. */
  RefreshIdle: 14 * 24 * 3600,
  RefreshMax: 30 * 24 * 3600,
  /** Remembered consent, as the core keeps it. */
  Grant: REMEMBERED_CONSENT_SECONDS,
  Session: 14 * 24 * 3600,
  Interaction: 60 * 60,
  /** A device's user code (and its device code) lives ten minutes. */
  DeviceCode: 10 * 60,
} as const;

export const SCOPES = ['openid', 'email', 'profile', 'offline_access', 'groups'] as const;

// Declared with the other mount paths, which the pages and the error log need too.
export { INTERACTION_PATH, OIDC_PATH } from '../web/paths.js';

/**
 * The authorization parameter that marks a prompt=consent Gatehouse added for offline_access
 * (oidc-router.ts), not one the client asked for: only what is not yet allowed is asked.
 */
export const IMPLIED_CONSENT = 'gatehouse_implied_consent';

/**
 * Kept in the interaction's result when it sends the person to the sign-in page: the Gatehouse
 * session it saw then (or null), so that coming back it can tell a new sign-in from the old one.
 */
export const SIGN_IN_ASKED = 'gatehouse_sign_in_asked';
