/**
 * At most `slots` tasks at once, the rest queued in order. For argon2: libuv runs four threads,
 * and four 19 MiB hashes on two cores starve the event loop (every other request waits) without
 * finishing any sooner.
 */
export const concurrencyLimit = (slots: number) => {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
};
