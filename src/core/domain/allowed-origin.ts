import { REDIRECT_URI_MAX } from './redirect-uri.js';

/**
 * Why a single-page application's origin is refused, or null. Compared exactly with a browser's
 * `Origin` header, so it must be one already: scheme, host and port, nothing more (no path, not
 * even `/`); in production https, or http to a loopback host, as for redirect URIs.
 */
export const allowedOriginProblem = (raw: string, production: boolean): string | null => {
  if (raw.length > REDIRECT_URI_MAX) return 'is too long';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an origin such as https://app.example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https origin';
  if (url.origin !== raw) return 'must be an origin alone: scheme, host and port, without a path or a trailing slash';
  if (production && url.protocol === 'http:' && !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) return 'must be https (http only to a loopback address)';
  return null;
};
