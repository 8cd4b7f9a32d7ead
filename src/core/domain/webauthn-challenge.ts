import type { UserId } from './user-id.js';

/** What a challenge was issued for: it is only ever accepted for that. */
export type ChallengePurpose = 'registration' | 'step_up' | 'second_factor';

/**
 * A WebAuthn challenge bound to one session (registration, step-up) or one pending login (the
 * second login step); single-use, five minutes.
 */
export interface WebAuthnChallenge {
  id: string;
  userId: UserId;
  /** The session or pending login it belongs to. */
  boundTo: string;
  purpose: ChallengePurpose;
  challenge: string;
  expiresAt: Date;
}

/** A passwordless login's challenge: nobody is known yet, so it is bound to a cookie secret instead. */
export interface PasskeyLoginChallenge {
  secretHash: string;
  challenge: string;
  expiresAt: Date;
}

export const CHALLENGE_MS = 5 * 60_000;

export const isChallengeLive = (challenge: Pick<WebAuthnChallenge, 'expiresAt'>, now: Date): boolean =>
  challenge.expiresAt.getTime() > now.getTime();
