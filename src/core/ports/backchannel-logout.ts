import type { UserId } from '../domain/user-id.js';

/** One client to tell that a user's session with it ended (Back-Channel Logout 1.0). */
export interface LogoutTarget {
  clientId: string;
  /** The provider session's `sid` for that client, as its ID tokens carried it; null: every session of the user. */
  sid: string | null;
}

/**
 * Sends the logout tokens once the change that ended the sessions has committed. It answers at
 * once: the person's response never waits on a client, and a client that is down is retried in
 * the background.
 */
export interface BackchannelLogout {
  notify(userId: UserId, targets: readonly LogoutTarget[]): void;
}

/** For a composition without the provider (a bare service, the CLI): nobody to tell. */
export const NO_BACKCHANNEL: BackchannelLogout = { notify: () => undefined };
