import type { Env } from '../src/config/config.js';

/**
 * Everything the CLI needs from its surroundings. Only main.ts builds one from `process`,
 * so every command can run against fakes and nothing else reaches for globals.
 */
export interface CliIo {
  argv: string[];
  env: Env;
  stdinIsTTY: boolean;
  /** The whole of standard input, as UTF-8. */
  readStdin(): Promise<string>;
  /** Reads one line from the terminal without echoing it. */
  promptHidden(prompt: string): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  exit(code: number): void;
}
