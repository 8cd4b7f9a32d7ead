import { DomainError } from './errors.js';
import type { Role } from './user.js';

/** Who is calling and with which credential; the role is carried for future admin-only checks. */
export type Credential = { kind: 'session'; sessionId: string } | { kind: 'api_token'; tokenId: string };

export interface Principal {
  userId: string;
  role: Role;
  credential: Credential;
}

/** Account-changing actions need a browser session, so a leaked API token cannot take over. */
export const requireSession = (principal: Principal): string => {
  if (principal.credential.kind !== 'session') throw new DomainError('forbidden');
  return principal.credential.sessionId;
};

export const currentSessionId = (principal: Principal): string | null =>
  principal.credential.kind === 'session' ? principal.credential.sessionId : null;
