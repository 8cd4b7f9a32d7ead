/** Loopback hosts a native app listens on (RFC 8252 §7.3): plain http is allowed there, even in production. */
const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '[::1]', 'localhost'];

export const REDIRECT_URI_MAX = 2000;

/**
 * Why a redirect URI is refused, or null. Matched exactly later, so it is kept as given: absolute,
 * http(s), no fragment (RFC 6749 §3.1.2), no credentials; in production https, or http to a loopback host.
 */
export const redirectUriProblem = (raw: string, production: boolean): string | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (raw.includes('#')) return 'must not have a fragment';
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.includes(url.hostname)) {
    return 'must be https (http only to a loopback address)';
  }
  return null;
};
