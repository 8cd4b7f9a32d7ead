const UNKNOWN = /^Unknown arguments?: (.*)$/;

const wasGivenAsOption = (name: string, argv: string[]): boolean =>
  argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`) || arg === `-${name}`);

/**
 * Rewrites yargs' "Unknown argument" message so it names options but never repeats a stray
 * positional value: someone may have typed their password where it did not belong.
 */
export const describeUsageProblem = (message: string, argv: string[]): string => {
  const unknown = UNKNOWN.exec(message);
  if (!unknown) return message;
  const names = (unknown[1] ?? '').split(', ');
  const options = names.filter((name) => wasGivenAsOption(name, argv)).map((name) => `--${name}`);
  const parts: string[] = [];
  if (options.length > 0) parts.push(`unknown option${options.length > 1 ? 's' : ''} ${options.join(', ')}`);
  if (options.includes('--password')) parts.push('the password comes from the prompt or --password-stdin');
  if (options.length < names.length) parts.push('unexpected argument (its value is not shown)');
  return parts.join('; ');
};
