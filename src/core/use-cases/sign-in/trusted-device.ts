import { deviceCookieContext, DEVICE_COOKIE_DAYS, formatDeviceClaim, isDeviceClaimLive, parseDeviceClaim } from '../../domain/device-cookie.js';
import { addDays } from '../../domain/days.js';
import type { RequestContext } from '../../domain/request-context.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';
import type { LoginAttempt } from './throttle-guard.js';
import type { SessionGrant } from '../views.js';

/**
 * The device the request's cookie names, when the cookie was sealed by this service for this user
 * and is not older than its lifetime; null for a missing, forged, foreign, expired or unknown-user one.
 */
export const trustedDevice = (deps: Pick<Ports, 'secretBox' | 'clock'>, context: RequestContext, userId: UserId | null): string | null => {
  if (!context.deviceToken || userId === null) return null;
  const opened = deps.secretBox.open(context.deviceToken, deviceCookieContext(userId));
  const claim = opened ? parseDeviceClaim(opened.plaintext) : null;
  return claim && isDeviceClaimLive(claim, deps.clock.now()) ? claim.device : null;
};

/** A password (or factor) attempt for this email, on the device's budget when the cookie is the user's. */
export const loginAttempt = (
  deps: Pick<Ports, 'secretBox' | 'clock'>,
  email: string,
  userId: UserId | null,
  context: RequestContext,
): LoginAttempt => ({ email, clientAddress: context.clientAddress, device: trustedDevice(deps, context, userId) });

/** A new device cookie after a completed login: a fresh id, so an earlier cookie's failures stay with it. */
export const issueDeviceCookie = (deps: Pick<Ports, 'secretBox' | 'ids' | 'clock'>, userId: UserId): SessionGrant => {
  const issuedAt = deps.clock.now();
  const token = deps.secretBox.seal(formatDeviceClaim({ device: deps.ids.next(), issuedAt }), deviceCookieContext(userId));
  return { token, expiresAt: addDays(issuedAt, DEVICE_COOKIE_DAYS) };
};
