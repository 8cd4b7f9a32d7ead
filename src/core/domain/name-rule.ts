/**
 * Usernames and group names (docs/api.md): 1–64 characters of a-z 0-9 . _ -, starting with a
 * letter or digit, compared and stored lowercased. No comma, space or control character can pass,
 * so a name is safe in a header value and in a comma-separated list of them.
 */
export const NAME_MAX = 64;
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const normalizeName = (raw: string): string => raw.trim().toLowerCase();

export const nameProblem = (value: string): string | null => {
  if (value.length === 0) return 'must not be empty';
  if (value.length > NAME_MAX) return `must be at most ${NAME_MAX} characters`;
  if (!NAME.test(value)) return 'must be letters, digits, ".", "_" or "-", starting with a letter or digit';
  return null;
};
