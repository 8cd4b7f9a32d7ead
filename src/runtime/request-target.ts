import type { IncomingMessage } from 'node:http';

/**
 * The origin form (path and query) of a request target (RFC 9112 §3.2), or null when it has none to
 * give. An absolute-form target (`http://host/path`, what proxies are sent) is reduced to its path
 * and query, its authority dropped; one with user information (RFC 9110 §4.2.4 forbids it), another
 * scheme, the asterisk or the authority form has no origin form.
 */
export const originFormOf = (target: string): string | null => {
  if (target.startsWith('/')) return target;
  const absolute = /^https?:\/\/([^/?#]*)([^#]*)$/i.exec(target);
  if (!absolute) return null;
  const [, authority = '', rest = ''] = absolute;
  if (authority === '' || authority.includes('@')) return null;
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  return path;
};

/** Requests whose target had no origin form: the app answers them 400 malformed_request. */
const malformed = new WeakSet<IncomingMessage>();

/**
 * Before anything reads the URL (the router, the access log, the metrics' route label): only a
 * path reaches the app, so a target's host or credentials can never become a log field or a label.
 */
export const normalizeTarget = (req: IncomingMessage): void => {
  const form = originFormOf(req.url ?? '');
  if (form === req.url) return;
  if (form === null) malformed.add(req);
  req.url = form ?? '/';
};

export const hasMalformedTarget = (req: IncomingMessage): boolean => malformed.has(req);
