/** Where a page sends the browser when `return_to` is absent or not ours. */
export const ACCOUNT_PAGE = '/gatehouse/account';

/** Control characters (C0, DEL, C1) and the backslash, which browsers read as a slash in URLs. */
const hasUnsafeCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
};

/**
 * The path on our own origin that `return_to` names, or null: never an open redirect. The value
 * is used as the query string decoded it once; nothing decodes it again, so `%2F%2Fevil` stays a
 * harmless path segment. A relative value must start with one `/` and a character that is
 * neither `/` nor `\` (`//host` and `/\host` are other hosts to a browser); an absolute one must
 * have exactly the origin of SERVICE_PUBLIC_URL, and is kept as its path, query and fragment.
 */
export const safeReturnTo = (raw: unknown, publicOrigin: string): string | null => {
  if (typeof raw !== 'string') return null;
  const once = safeAsGiven(raw, publicOrigin);
  if (once === null) return null;
  // An encoded form (`/%2F%2Fhost`, `%5C`) is harmless to a browser today, but a proxy or an app
  // that decodes once more would make it another host: it must pass the rules decoded too.
  const decoded = decodedOnce(raw);
  return decoded === raw || (decoded !== null && safeAsGiven(decoded, publicOrigin) !== null) ? once : null;
};

const decodedOnce = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

const safeAsGiven = (raw: string, publicOrigin: string): string | null => {
  if (raw.length === 0 || raw.length > 2048 || hasUnsafeCharacter(raw)) return null;
  if (raw.startsWith('/')) {
    const second = raw.charAt(1);
    return second === '/' ? null : raw;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  // URL lowercases scheme and host, so `HTTP://Gatehouse` compares equal; userinfo never does.
  if (url.origin !== publicOrigin || url.username !== '' || url.password !== '') return null;
  if (!raw.toLowerCase().startsWith(`${publicOrigin.toLowerCase()}/`) && raw.toLowerCase() !== publicOrigin.toLowerCase()) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** The place to land after a sign-in: `return_to` when it is ours, else the account page. */
export const landingOf = (raw: unknown, publicOrigin: string): string => safeReturnTo(raw, publicOrigin) ?? ACCOUNT_PAGE;

/** The sign-in page that returns to `path` once signed in. */
export const signInPageFor = (path: string): string => `/gatehouse/sign-in?return_to=${encodeURIComponent(path)}`;
