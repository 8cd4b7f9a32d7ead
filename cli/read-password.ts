import type { CliIo } from './cli-io.js';
import { UsageError } from './usage-error.js';

/** Strips exactly one trailing line ending, so `echo "$PW" |` and `<<<` pass the password unchanged. */
export const stripOneNewline = (text: string): string => text.replace(/\r?\n$/, '');

/**
 * The password comes from standard input (`--password-stdin`) or a hidden prompt asked twice.
 * There is deliberately no option that carries it: argv leaks into shell history and `ps`.
 */
export const readPassword = async (io: CliIo, fromStdin: boolean): Promise<string> => {
  if (fromStdin) return stripOneNewline(await io.readStdin());
  if (!io.stdinIsTTY) {
    throw new UsageError(
      'no terminal to prompt for the password; pipe it in with --password-stdin. Nothing was created.',
    );
  }
  const password = await io.promptHidden('Password: ');
  const confirmation = await io.promptHidden('Confirm password: ');
  if (password !== confirmation) throw new UsageError('the passwords do not match. Nothing was created.');
  return password;
};
