import type { CliIo } from './cli-io.js';

/** What every command handler gets: redacting line writers and a place to leave its exit code. */
export interface CommandContext {
  io: CliIo;
  out(line: string): void;
  err(line: string): void;
  /** Registers a value that must never appear in anything the CLI prints. */
  keepSecret(value: string): void;
  done(exitCode: number): void;
}

// Shorter values would turn ordinary words into noise without protecting anything real.
const MIN_REDACTED_LENGTH = 3;

export const redact = (text: string, secrets: Iterable<string>): string => {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_REDACTED_LENGTH) result = result.split(secret).join('[redacted]');
  }
  return result;
};

export const createCommandContext = (io: CliIo, onDone: (exitCode: number) => void): CommandContext => {
  const secrets = new Set<string>();
  const secretKey = io.env.SERVICE_SECRET_KEY;
  if (secretKey) secrets.add(secretKey);
  return {
    io,
    out: (line) => io.stdout(`${redact(line, secrets)}\n`),
    err: (line) => io.stderr(`${redact(line, secrets)}\n`),
    keepSecret: (value) => void secrets.add(value),
    done: onDone,
  };
};
