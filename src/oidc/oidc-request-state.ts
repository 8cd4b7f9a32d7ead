import type { IncomingMessage } from 'node:http';
import type { SignInDescription } from '../core/use-cases/sign-in/describe-sign-in.js';
import type { Principal } from '../core/domain/principal.js';

/** The Gatehouse session a request to the provider came with, read by the Express side before the provider runs. */
export interface GatehouseSignIn {
  principal: Principal;
  signIn: SignInDescription;
}

const byRequest = new WeakMap<IncomingMessage, GatehouseSignIn | null>();

export const rememberSignIn = (req: IncomingMessage, value: GatehouseSignIn | null): void => {
  byRequest.set(req, value);
};

export const signInOf = (req: IncomingMessage): GatehouseSignIn | null => byRequest.get(req) ?? null;
