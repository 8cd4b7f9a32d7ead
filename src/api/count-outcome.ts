import { isDomainError } from '../core/domain/errors.js';
import type { Outcome } from '../metrics/metrics.js';

/**
 * Runs a use case and counts how it ended: `succeeded`, its error code, or `error` for anything
 * unexpected. The values are a closed set, so they make bounded metric labels.
 */
export const countOutcome = async <T>(
  count: (outcome: Outcome) => void,
  work: () => Promise<T>,
  outcomeOf: (result: T) => Outcome = () => 'succeeded',
): Promise<T> => {
  try {
    const result = await work();
    count(outcomeOf(result));
    return result;
  } catch (error) {
    count(isDomainError(error) ? error.code : 'error');
    throw error;
  }
};
