import { ConfigError } from '../src/config/config.js';
import { isDomainError } from '../src/core/domain/errors.js';
import { EXIT_REFUSED, EXIT_USAGE, outcomeByError } from './exit-codes.js';
import { UsageError } from './usage-error.js';

const MISSING_TABLE = /no such table|relation .* does not exist/i;
// knex prefixes driver errors with the statement and its bound values: keep only the driver's words.
const SQL_PREFIX = /^(select|insert|update|delete|create|alter|drop|pragma|with)\b.*? - /is;

/** Turns any failure into stderr lines and an exit code. Validation prints `loc: msg` only, never values. */
export const reportError = (error: unknown, writeLine: (line: string) => void): number => {
  if (error instanceof UsageError) {
    writeLine(`gatehouse: ${error.message}`);
    return error.exitCode;
  }
  if (error instanceof ConfigError) {
    writeLine('gatehouse: invalid configuration');
    for (const problem of error.problems) writeLine(problem);
    return EXIT_USAGE;
  }
  if (isDomainError(error)) {
    for (const { loc, msg } of error.problems) writeLine(`${loc.join('.')}: ${msg}`);
    const { exitCode, message } = outcomeByError[error.code];
    writeLine(`gatehouse: ${message}`);
    return exitCode;
  }
  // Unexpected: the message helps the operator (missing table, unreachable database); the
  // caller's writer redacts known secrets from it.
  const message = (error instanceof Error ? error.message : String(error)).replace(SQL_PREFIX, '');
  writeLine(`gatehouse: unexpected error: ${message}`);
  if (MISSING_TABLE.test(message)) writeLine('gatehouse: the schema looks unmigrated; run `gatehouse migrate latest` first');
  return EXIT_REFUSED;
};
