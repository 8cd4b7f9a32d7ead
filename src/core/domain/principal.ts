import type { Role } from './user.js';

/** Who is calling and with which credential; the role is carried for future admin-only checks. */
export type Credential = { kind: 'session'; sessionId: string } | { kind: 'api_token'; tokenId: string };

export interface Principal {
  userId: string;
  role: Role;
  credential: Credential;
}
