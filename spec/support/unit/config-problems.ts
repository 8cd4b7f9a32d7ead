import { ConfigError } from '../../../src/config/config.js';

/** The problems a configuration is refused for; a configuration that loads fails the spec. */
export const problemsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};
