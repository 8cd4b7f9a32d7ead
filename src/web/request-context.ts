import { isIP } from 'node:net';
import type { Request } from 'express';
import { storableHeader } from '../core/domain/storable-text.js';
import type { RequestContext } from '../core/domain/request-context.js';

/**
 * req.ip honours X-Forwarded-For only for the configured number of proxy hops ('trust proxy'); what
 * a wrong hop count lets through is whatever the client wrote, so only an address is believed (the
 * column holds 64 characters). The User-Agent is stored with sessions and events: bounded, storable.
 */
export const clientAddressOf = (req: Request): string => {
  const forwarded = req.ip;
  return forwarded && isIP(forwarded) ? forwarded : (req.socket.remoteAddress ?? 'unknown');
};

export const requestContext = (req: Request): RequestContext => {
  const agent = req.get('user-agent');
  return { userAgent: agent === undefined ? null : storableHeader(agent), clientAddress: clientAddressOf(req) };
};
