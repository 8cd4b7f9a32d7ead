import type { Request } from 'express';
import type { ForwardedRequest } from '../core/use-cases/access/decide-forward-auth.js';

type TrustFn = (address: string | undefined, hop: number) => boolean;

/**
 * X-Forwarded-Host and X-Forwarded-Uri name the request a proxy asks about, so they are believed
 * only from a peer that SERVICE_TRUST_PROXY trusts — the test Express applies to X-Forwarded-Host
 * for req.host. From anyone else they are ignored: any client could write them to pick the rule it likes.
 */
export const forwardedRequestOf = (req: Request): ForwardedRequest => {
  const trust = req.app.get('trust proxy fn') as TrustFn | undefined;
  if (!trust || !trust(req.socket.remoteAddress, 0)) return { host: null, uri: null };
  return { host: firstHost(req.get('x-forwarded-host')), uri: nonEmpty(req.get('x-forwarded-uri')) };
};

const nonEmpty = (header: string | undefined): string | null => (header === undefined || header.trim() === '' ? null : header.trim());

/** A host listed by several hops: the first, as Express reads X-Forwarded-Host (a URI may hold a comma, a host cannot). */
const firstHost = (header: string | undefined): string | null => nonEmpty(header?.split(',', 1)[0]);
