import { addDays } from './days.js';
import type { UserId } from './user-id.js';

/**
 * OWASP's device cookies (decision 0018): a browser that completed a login keeps a budget of
 * password attempts of its own, so failures from elsewhere cannot lock its owner out.
 */
export const DEVICE_COOKIE_DAYS = 365;

/** What the sealed cookie holds: the device's id (its throttle key) and when it was issued. */
export interface DeviceClaim {
  device: string;
  issuedAt: Date;
}

/** Bound to the user as the sealing's additional data: one user's cookie never opens as another's. */
export const deviceCookieContext = (userId: UserId): string => `device-cookie:${userId}`;

export const formatDeviceClaim = (claim: DeviceClaim): string => `${claim.device}|${claim.issuedAt.getTime()}`;

export const parseDeviceClaim = (plaintext: string): DeviceClaim | null => {
  const [device, issued, ...rest] = plaintext.split('|');
  const issuedMs = Number(issued);
  if (!device || rest.length > 0 || !Number.isSafeInteger(issuedMs)) return null;
  return { device, issuedAt: new Date(issuedMs) };
};

/** A claim is good from its issue until DEVICE_COOKIE_DAYS later, never from the future. */
export const isDeviceClaimLive = (claim: DeviceClaim, now: Date): boolean =>
  claim.issuedAt.getTime() <= now.getTime() && now.getTime() < addDays(claim.issuedAt, DEVICE_COOKIE_DAYS).getTime();
