import type { Request, Response } from 'express';
import type { VNode } from 'preact';
import type { Principal } from '../core/domain/principal.js';
import type { SignInDescription } from '../core/use-cases/sign-in/describe-sign-in.js';

/** The browser's Gatehouse session and how it was opened. */
export interface SignedInBrowser {
  principal: Principal;
  signIn: SignInDescription;
}

/** What a client's access policy answered for this person: refused, or a second factor to prove or to set up. */
export type AccessRefusal = 'deny' | 'second_factor_needed' | 'second_factor_setup_needed';

/** What the provider asks of the person at an authorization's interaction: to sign in, to meet the client's policy, or to consent. */
export type Interaction =
  | { uid: string; prompt: 'login'; mustSignInAgain(current: SignedInBrowser): boolean }
  | { uid: string; prompt: 'access'; accountId: string | null; refusal: AccessRefusal; clientName: string }
  | {
      uid: string;
      prompt: 'consent';
      /** Who the provider's session says is signing in. */
      accountId: string | null;
      /** Null when the client is gone since the authorization began. */
      client: { name: string; skipsConsent: boolean } | null;
      /** What the page asks for: what is not yet allowed, else everything requested. */
      scopes: readonly string[];
      /** The client's redirect origin, where the allowed form's redirects end. */
      formActionOrigins: string[];
    };

/** The provider could not be made (its signing keys unreadable): the interaction routes answer 503. */
export class InteractionsUnavailable extends Error {}

/**
 * What the pages may ask of the protocol engine, as a login and consent app asks of an OAuth server:
 * read the interaction, then accept a login or a consent for it, or deny it. Every method may throw
 * InteractionsUnavailable.
 */
export interface OidcInteractions {
  /** Null when the interaction is unknown or expired. */
  read(req: Request, res: Response): Promise<Interaction | null>;
  /** Remember which session (if any) was seen when the person is sent to sign in, to tell a new sign-in coming back. */
  askSignIn(req: Request, res: Response, current: SignedInBrowser | null): Promise<void>;
  /** Answers the browser: back to the provider, which continues the authorization. */
  acceptLogin(req: Request, res: Response, current: SignedInBrowser): Promise<void>;
  /** Grants what is missing and answers the browser, or 'sign-in' when this principal is not the one the interaction is for. */
  acceptConsent(req: Request, res: Response, principal: Principal): Promise<'accepted' | 'sign-in'>;
  /** Answers the browser: back to the client with access_denied. */
  deny(req: Request, res: Response): Promise<void>;
  /** Ends the interaction with access_denied without answering: the URL that takes the browser back to the client with it. */
  refuse(req: Request, res: Response): Promise<string>;
}

/** What the provider shows inside its own (Koa) answers: made by the pages, sent by the provider. */
export interface ProviderPages {
  logoutConfirmation(req: Request, form: { action: string; xsrf: string }): VNode;
  providerError(req: Request, oauthError: string): VNode;
  /** The device grant's page (RFC 8628): the person enters the code their device shows. */
  deviceCode(req: Request, form: { action: string; xsrf: string; userCode: string; problem: 'wrong' | 'cancelled' | { retryAfterSeconds: number } | null }): VNode;
  deviceDone(req: Request): VNode;
}
