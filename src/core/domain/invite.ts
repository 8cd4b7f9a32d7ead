import type { UserId } from './user-id.js';

export interface Invite {
  id: string;
  codeHash: string;
  createdBy: UserId;
  maxUses: number;
  usedCount: number;
  createdAt: Date;
  expiresAt: Date;
}

export const isInviteExpired = (invite: Pick<Invite, 'expiresAt'>, now: Date): boolean =>
  invite.expiresAt.getTime() <= now.getTime();

export const hasUsesLeft = (invite: Pick<Invite, 'usedCount' | 'maxUses'>): boolean =>
  invite.usedCount < invite.maxUses;
