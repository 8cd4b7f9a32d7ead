import type { IncomingMessage } from 'node:http';
import type { SignedInBrowser } from '../web/oidc-interactions.js';

/** The Gatehouse session a request to the provider came with, read by the Express side before the provider runs. */
export type GatehouseSignIn = SignedInBrowser;

const byRequest = new WeakMap<IncomingMessage, GatehouseSignIn | null>();

export const rememberSignIn = (req: IncomingMessage, value: GatehouseSignIn | null): void => {
  byRequest.set(req, value);
};

export const signInOf = (req: IncomingMessage): GatehouseSignIn | null => byRequest.get(req) ?? null;
