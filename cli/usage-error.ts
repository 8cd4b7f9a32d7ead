import { EXIT_USAGE } from './exit-codes.js';

/** A problem with how the command was invoked; its message is written as is, so it never holds input values. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
