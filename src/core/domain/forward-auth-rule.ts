import type { AccessPolicy } from './access-policy.js';

/**
 * A forward-auth rule: the access policy of the requests /api/v1/auth/verify is asked about for
 * one host (lowercased, a port included when the proxy sends one) below one path prefix.
 */
export interface ForwardAuthRule extends AccessPolicy {
  id: string;
  host: string;
  /** Normalised (forwardedPath): "/" or segments without a trailing slash. */
  pathPrefix: string;
  createdAt: Date;
}

/** A rule as the door reads it at each request: what matching and judging need, not its creation time. */
export type HostRule = Omit<ForwardAuthRule, 'createdAt'>;

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a broken escape stays as it came: it can match no prefix that holds one
  }
};

/**
 * The path of a forwarded URI as rules see it: query and fragment dropped, percent escapes decoded
 * ("%2F" splits a segment too), empty, "." and ".." segments resolved — so "/%61dmin" and
 * "/public/../admin" meet the rule for "/admin", as the application behind would read them.
 */
export const forwardedPath = (uri: string): string => {
  const path = uri.split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const segment of path.split('/').flatMap((raw) => decoded(raw).split('/'))) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
};

/** Segment-wise: "/app" covers "/app" and "/app/x", never "/apple"; "/" covers everything. Case-sensitive. */
export const coversPath = (prefix: string, path: string): boolean =>
  prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);

/** The rule of that host whose prefix is the longest to cover the URI's path; null when none (judged as without rules). */
export const matchForwardAuthRule = <R extends Pick<ForwardAuthRule, 'host' | 'pathPrefix'>>(rules: readonly R[], host: string, uri: string): R | null => {
  const wanted = host.trim().toLowerCase();
  const path = forwardedPath(uri);
  let best: R | null = null;
  for (const rule of rules) {
    if (rule.host !== wanted || !coversPath(rule.pathPrefix, path)) continue;
    if (!best || rule.pathPrefix.length > best.pathPrefix.length) best = rule;
  }
  return best;
};
