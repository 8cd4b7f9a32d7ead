import { createMember, startOidcStage, type OidcServerOptions, type OidcStage } from './oidc-server.js';

/**
 * The setup the provider's browser specs share, as mocha hooks of the describe that calls it: an
 * OidcStage (a server, a relying party's callback, one Chromium page) started before its tests with
 * one member who signs in with PASSWORD, and closed after them. The answer reads the running stage,
 * so call it in the describe's body and read its fields inside hooks and tests.
 */
export const useOidcStage = (member: { email: string; name: string }, options: OidcServerOptions = {}): Omit<OidcStage, 'close'> => {
  let stage: OidcStage | undefined;
  before(async () => {
    stage = await startOidcStage(options);
    await createMember(stage.server, member.email, member.name);
  });
  after(() => stage?.close());

  const running = (): OidcStage => {
    if (!stage) throw new Error('the OpenID stage is not running: read it inside a hook or a test');
    return stage;
  };
  return {
    get server() {
      return running().server;
    },
    get callback() {
      return running().callback;
    },
    get browser() {
      return running().browser;
    },
    get page() {
      return running().page;
    },
  };
};
