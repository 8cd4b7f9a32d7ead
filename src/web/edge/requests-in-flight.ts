import type { RequestHandler } from 'express';
import { addressGroupOf } from '../../runtime/address-group.js';
import { DomainError } from '../../core/domain/errors.js';
import { clientAddressOf } from '../request-context.js';

/**
 * Behind a trusted proxy every connection comes from the proxy, so one client is recognised only
 * by the forwarded address (the hop rules of SERVICE_TRUST_PROXY): it may have this many requests
 * in flight at once, and the next is 429 at once, leaving the proxy's connections to everyone else.
 */
export const limitRequestsInFlight = (perAddress: number): RequestHandler => {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    const group = addressGroupOf(clientAddressOf(req) ?? '');
    const count = inFlight.get(group) ?? 0;
    if (count >= perAddress) {
      res.set('Connection', 'close'); // the refusal frees its connection on the proxy's side too
      return next(new DomainError('too_many_requests', { retryAfterSeconds: 1 }));
    }
    inFlight.set(group, count + 1);
    res.once('close', () => {
      const left = (inFlight.get(group) ?? 1) - 1;
      if (left === 0) inFlight.delete(group);
      else inFlight.set(group, left);
    });
    next();
  };
};
