import { PASSWORD } from '../constants.js';
import { signIn, type CookieJar, type OidcTarget } from './headless-flow.js';
import { createMember, registerClient, startOidcServer, type ClientOptions, type OidcServer } from './oidc-server.js';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** A server with one member signed in through the API, for the headless flow (no browser). */
export interface HeadlessStage {
  server: OidcServer;
  /** The member's cookies: each authorization of `mintCode` signs in as them. */
  jar: CookieJar;
  /** A first-party confidential client (no consent page), registered as `options` say, as the headless flow's target. */
  client(options?: Omit<ClientOptions, 'redirectUris'>): Promise<OidcTarget>;
  close(): Promise<void>;
}

export const startHeadlessStage = async (email: string, displayName: string): Promise<HeadlessStage> => {
  const server = await startOidcServer();
  await createMember(server, email, displayName);
  const targetOf = (clientId: string, clientSecret: string): OidcTarget => ({ base: server.origin, publicOrigin: server.origin, clientId, clientSecret, redirectUri: REDIRECT_URI });
  return {
    server,
    jar: await signIn(targetOf('', ''), email, PASSWORD),
    client: async (options = {}) => {
      const { clientId, secret } = await registerClient(server, { name: 'Ledger', skipConsent: true, ...options, redirectUris: [REDIRECT_URI] });
      return targetOf(clientId, secret ?? '');
    },
    close: () => server.close(),
  };
};
