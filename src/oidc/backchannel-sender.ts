import { randomUUID } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { LogoutSender } from './backchannel-relay.js';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A client that does not answer in time counts as down, and is retried. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * A logout token (Back-Channel Logout 1.0 §2.4) as oidc-provider's own logout makes one — iss, aud,
 * iat, exp, jti, sub, events, sid, `typ: logout+jwt`, no nonce — signed with the provider's current
 * key, POSTed as a form. A client that is gone, or no longer has a backchannel_logout_uri, is not told.
 */
export const backchannelSender =
  (provider: () => Promise<Provider>): LogoutSender =>
  async (userId, target) => {
    const current = await provider();
    const client = await current.Client.find(target.clientId);
    const uri = client?.backchannelLogoutUri;
    if (!client || !uri) return;
    const token = new current.IdToken({ sub: userId }, { client });
    (token as unknown as { mask: Record<string, null> }).mask = { sub: null };
    token.set('events', { [LOGOUT_EVENT]: {} });
    token.set('jti', randomUUID());
    if (target.sid !== null) token.set('sid', target.sid);
    const response = await fetch(uri, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: await token.issue({ use: 'logout' }) }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status !== 200 && response.status !== 204) throw new Error(`the client answered ${response.status}`);
  };

/**
 * oidc-provider's own end-session would POST to the clients itself and hold the person's answer
 * until they reply, with no retry: Gatehouse's sign-out (which every logout goes through) tells
 * them instead, so the provider's sending is switched off.
 */
export const silenceProviderBackchannel = (provider: Provider): void => {
  Object.defineProperty(provider.Client.prototype, 'backchannelLogout', { value: async () => undefined });
};
