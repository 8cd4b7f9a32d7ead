/** Where a page sends the browser when `return_to` is absent or not ours. */
export const ACCOUNT_PAGE = '/gatehouse/account';

const MAX_LENGTH = 2048;

/** Control characters (C0, DEL, C1) and the backslash, which browsers read as a slash in URLs. */
const hasUnsafeCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
};

/** One `/` and then anything but `/` or `\`: `//host` and `/\host` are other hosts to a browser. */
const isOwnPath = (text: string): boolean => text.startsWith('/') && text.charAt(1) !== '/' && text.charAt(1) !== '\\';

/** An absolute URL is ours only when it is written with exactly our origin (case aside) and no userinfo. */
const isOwnAbsolute = (text: string, publicOrigin: string): boolean => {
  const lower = text.toLowerCase();
  const origin = publicOrigin.toLowerCase();
  return lower === origin || lower.startsWith(`${origin}/`);
};

/**
 * Where a browser given `text` would land, as a path of ours, or null. The form given must be a
 * path of ours or an absolute URL of our origin; then the URL parser resolves it as a browser
 * would (dot segments, `%2e%2e` among them: `/..//host` becomes `//host`), and what comes out must
 * itself be a path of ours, since it is sent on as a Location or handed to the next page.
 */
const landingAsGiven = (text: string, publicOrigin: string): string | null => {
  if (text.length === 0 || text.length > MAX_LENGTH || hasUnsafeCharacter(text)) return null;
  if (!isOwnPath(text) && !isOwnAbsolute(text, publicOrigin)) return null;
  let url: URL;
  try {
    url = new URL(text, publicOrigin);
  } catch {
    return null;
  }
  if (url.origin !== publicOrigin || url.username !== '' || url.password !== '') return null;
  const landing = `${url.pathname}${url.search}${url.hash}`;
  return isOwnPath(landing) && !hasUnsafeCharacter(landing) ? landing : null;
};

const decodedOnce = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

const passesDecoded = (text: string, publicOrigin: string): boolean => {
  const decoded = decodedOnce(text);
  return decoded === text || (decoded !== null && landingAsGiven(decoded, publicOrigin) !== null);
};

/**
 * The path on our own origin that `return_to` names, or null: never an open redirect. The one
 * definition every reader of `return_to` uses (sign-in, second factor, confirm, the passkey
 * buttons). The value is used as the query string decoded it once, resolved as a browser would;
 * an encoded form (`/%2F%2Fhost`, `%5C`) is harmless to a browser today, but a proxy or an app
 * that decodes once more would make it another host: it must pass the same rule decoded too.
 */
export const safeReturnTo = (raw: unknown, publicOrigin: string): string | null => {
  if (typeof raw !== 'string') return null;
  const landing = landingAsGiven(raw, publicOrigin);
  if (landing === null) return null;
  // The landing too: `ORIGIN/%2f../x` resolves to `/%2f../x`, which decodes to `//../x`.
  return passesDecoded(raw, publicOrigin) && passesDecoded(landing, publicOrigin) ? landing : null;
};

/** The place to land after a sign-in: `return_to` when it is ours, else the account page. */
export const landingOf = (raw: unknown, publicOrigin: string): string => safeReturnTo(raw, publicOrigin) ?? ACCOUNT_PAGE;

/** The sign-in page that returns to `path` once signed in. */
export const signInPageFor = (path: string): string => `/gatehouse/sign-in?return_to=${encodeURIComponent(path)}`;
