import type { Role } from './user.js';

/** SERVICE_MFA_REQUIRED: whose sessions must have a second factor before they may do anything but enrol one. */
export type MfaPolicy = 'none' | 'admins' | 'all';

export const isCoveredByPolicy = (policy: MfaPolicy, role: Role): boolean =>
  policy === 'all' || (policy === 'admins' && role === 'admin');
