import type { RequestContext } from '../../domain/request-context.js';

/** The operator command runs on the machine itself: no client address, no user agent. */
export const OPERATOR_CONTEXT: RequestContext = { userAgent: null, clientAddress: null };
