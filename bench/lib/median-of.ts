/** The median of some numbers (the mean of the middle two when even). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Several runs' figures (objects of the same shape) as one: every number the median of its own
 * samples, taken separately (so a ratio of two medians is not the median of the ratios); arrays and
 * strings are the first run's.
 */
export const medianOf = (samples: unknown[]): unknown => {
  const present = samples.filter((sample) => sample !== undefined);
  const first = present[0];
  if (typeof first === 'number' || first === null) {
    const numbers = present.filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
    return numbers.length === 0 ? null : median(numbers);
  }
  if (Array.isArray(first) || typeof first !== 'object') return first;
  const keys = [...new Set(present.flatMap((sample) => Object.keys(sample as object)))];
  return Object.fromEntries(keys.map((key) => [key, medianOf(present.map((s) => (s as Record<string, unknown>)[key]))]));
};
