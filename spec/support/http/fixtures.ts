import { expect } from 'chai';
import { api } from './api.js';
import { ORIGIN, type Harness } from './harness.js';
import { cookieHeader, createToken, login, registeredMember, type SignedIn } from './users.js';

/** A member with a second session and an API token, so every id-taking route has a target. */
export interface Owner extends SignedIn {
  apiToken: string;
  tokenId: string;
  second: SignedIn;
  secondSessionId: string;
}

export const ownerWithEverything = async (h: Harness, adminEmail: string): Promise<Owner> => {
  const member = await registeredMember(h, adminEmail);
  const apiToken = await createToken(h, member);
  const second = await login(h, member.email);
  const tokens = await api(h).get('/api/v1/tokens').set('Authorization', `Bearer ${apiToken}`);
  const sessions = await api(h).get('/api/v1/sessions').set('Cookie', cookieHeader(member.token));
  const secondSessionId = (sessions.body as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
  return { ...member, apiToken, tokenId: tokens.body[0].id, second, secondSessionId };
};

/** Nothing of the owner's was touched: both sessions and the token still authenticate as the owner. */
export const expectOwnerUntouched = async (h: Harness, owner: Owner): Promise<void> => {
  for (const [what, header, value] of [
    ['cookie', 'Cookie', cookieHeader(owner.token)],
    ['second session', 'Cookie', cookieHeader(owner.second.token)],
    ['API token', 'Authorization', `Bearer ${owner.apiToken}`],
  ] as const) {
    const me = await api(h).get('/api/v1/users/me').set(header, value);
    expect(me.status, `the owner's ${what} still works`).to.equal(200);
    expect(me.body.id).to.equal(owner.userId);
  }
};

export const asCookie = (session: SignedIn, origin = ORIGIN) => ({ Origin: origin, Cookie: cookieHeader(session.token) });
export const asBearer = (token: string) => ({ Authorization: `Bearer ${token}` });
