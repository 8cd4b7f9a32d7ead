import { pwnedPasswordsFileProblem } from '../adapters/blocklist/pwned-passwords-file-check.js';
import { CONTAINED_WORD_MIN, hostContextWords, normalizeContextWord } from '../core/domain/context-words.js';
import { codePointLength } from '../core/domain/text.js';
import type { Env } from './env.js';

const WORD_MAX = 64;

export interface PasswordSettings {
  /** The deployment's context words: SERVICE_PUBLIC_URL's host labels, then the configured ones. */
  passwordContextWords: string[];
  /** An offline Pwned Passwords SHA-1 file ordered by hash; null when not configured. */
  pwnedPasswordsPath: string | null;
}

/**
 * SERVICE_PASSWORD_CONTEXT_WORDS (comma-separated) and SERVICE_PWNED_PASSWORDS_PATH. The path is
 * checked at start, so a missing or wrong file stops the service before it accepts any password.
 */
export const passwordSettings = (env: Env, publicOrigin: string, problems: string[]): PasswordSettings => {
  const configured = (env.SERVICE_PASSWORD_CONTEXT_WORDS ?? '').split(',').map(normalizeContextWord).filter(Boolean);
  if (configured.some((word) => codePointLength(word) < CONTAINED_WORD_MIN || codePointLength(word) > WORD_MAX)) {
    problems.push(`SERVICE_PASSWORD_CONTEXT_WORDS: each word must be ${CONTAINED_WORD_MIN} to ${WORD_MAX} characters`);
  }
  const path = env.SERVICE_PWNED_PASSWORDS_PATH || null;
  const problem = path === null ? null : pwnedPasswordsFileProblem(path);
  if (problem) problems.push(`SERVICE_PWNED_PASSWORDS_PATH: ${problem}`);
  const words = [...hostContextWords(new URL(publicOrigin).hostname), ...configured];
  return { passwordContextWords: [...new Set(words)], pwnedPasswordsPath: path };
};
