/**
 * The retention of the security trail: a time-range delete across every user. It reads no row and
 * answers only a count, so it can reveal nothing; it is its own access mode, not a user scope.
 */
export interface EventRetention {
  /** Deletes every security event created before `cutoff`, in short batches; answers how many went. */
  deleteEventsBefore(cutoff: Date): Promise<number>;
}
