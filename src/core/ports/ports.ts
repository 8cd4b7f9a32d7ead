import type { AccessLookups, AccessMeter } from './access-lookups.js';
import type { AdminScopes } from './admin-scopes.js';
import type { AttemptThrottle } from './attempt-throttle.js';
import type { BackchannelLogout } from './backchannel-logout.js';
import type { AuthLookups } from './auth-lookups.js';
import type { Clock } from './clock.js';
import type { EventRetention } from './event-retention.js';
import type { HealthProbe } from './health-probe.js';
import type { IdGenerator } from './id-generator.js';
import type { OidcClientLookup, OidcKeyStore, OidcPayloadStore, OidcUserinfoLookup } from './oidc-store.js';
import type { PendingActionStore } from './pending-action-store.js';
import type { PasswordBlocklist } from './password-blocklist.js';
import type { PasswordHasher } from './password-hasher.js';
import type { SecretBox } from './secret-box.js';
import type { SecretGenerator } from './secret-generator.js';
import type { SecurityLog } from './security-log.js';
import type { Totp } from './totp.js';
import type { UserScopes } from './user-scopes.js';
import type { WebAuthn } from './webauthn.js';

/** Every driven dependency of the core; a use case asks for the few it needs with Pick. */
export interface Ports {
  auth: AuthLookups;
  scopes: UserScopes;
  admins: AdminScopes;
  health: HealthProbe;
  retention: EventRetention;
  hasher: PasswordHasher;
  blocklist: PasswordBlocklist;
  secrets: SecretGenerator;
  ids: IdGenerator;
  clock: Clock;
  throttle: AttemptThrottle;
  log: SecurityLog;
  totp: Totp;
  secretBox: SecretBox;
  webauthn: WebAuthn;
  /**
   * The OpenID provider's storage, each also a use case's: protocol payloads (the remembered
   * consent, the purge), client lookups (decideClientAccess), signing keys (their load and rotation),
   * and userinfo's one read (findUserinfoSources).
   */
  oidcPayloads: OidcPayloadStore;
  oidcClients: OidcClientLookup;
  oidcUserinfo: OidcUserinfoLookup;
  oidcKeys: OidcKeyStore;
  /** The doors' per-request reads: forward-auth rules, a user's username and groups. */
  access: AccessLookups;
  accessMeter: AccessMeter;
  /** Forms waiting for their session's confirmation (§15 rule 9). */
  pendingActions: PendingActionStore;
  /** Tells clients of back-channel logout that a user's sessions ended, after the change commits. */
  backchannel: BackchannelLogout;
}
