import type { Model } from './model.js';

/** One limiter counter; the key is stored only as its SHA-256, so no email or address is kept. */
export interface ThrottleCounter {
  keyHash: string;
  attempts: number;
  resetsAt: Date;
}

/** Holds no user data (no user_id): neither a scope nor the auth session reads it. */
export const THROTTLE_COUNTERS: Model<ThrottleCounter, 'keyHash'> = {
  table: 'throttle_counters',
  keys: ['keyHash'],
  columns: [
    { name: 'key_hash', field: 'keyHash', type: { kind: 'string', length: 64 }, nullable: false, primary: true },
    { name: 'attempts', field: 'attempts', type: { kind: 'integer' }, nullable: false },
    { name: 'resets_at', field: 'resetsAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
