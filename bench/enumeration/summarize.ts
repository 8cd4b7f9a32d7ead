const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (ms: number): number => Math.round(ms * 100) / 100;

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, median_ms: round(quantile(sorted, 0.5)), p10_ms: round(quantile(sorted, 0.1)), p90_ms: round(quantile(sorted, 0.9)) };
};

/** Medians and spread of both paths, and how far apart the medians are. */
export const summarize = (unknownEmail: number[], wrongPassword: number[]) => {
  const unknown = stats(unknownEmail);
  const wrong = stats(wrongPassword);
  const difference = unknown.median_ms - wrong.median_ms;
  return {
    unknown_email: unknown,
    wrong_password: wrong,
    median_difference_ms: round(difference),
    median_difference_percent: round((100 * difference) / wrong.median_ms),
  };
};
