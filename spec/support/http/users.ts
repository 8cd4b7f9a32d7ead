import type request from 'supertest';
import { api } from './api.js';
import { startHarness, type DatabaseHarness, type Harness } from './harness.js';
import { ORIGIN } from './harness.js';

export { PASSWORD } from '../constants.js';
import { PASSWORD } from '../constants.js';
let counter = 0;

export const uniqueEmail = (label = 'user'): string => `${label}${++counter}.${process.pid}@example.com`;

/** The session token from a response's Set-Cookie, or null when none was set for that name. */
export const sessionCookieOf = (res: request.Response, name = 'gh_session'): string | null => {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = (header ?? []).find((value) => value.startsWith(`${name}=`));
  if (!line) return null;
  return line.slice(name.length + 1).split(';')[0] ?? null;
};

export const cookieHeader = (token: string, name = 'gh_session'): string => `${name}=${token}`;

export interface SignedIn {
  email: string;
  token: string;
  userId: string;
}

export const login = async (h: Harness, email: string, password = PASSWORD): Promise<SignedIn> => {
  const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password });
  if (res.status !== 200) throw new Error(`login fixture failed with ${res.status}`);
  return { email, token: sessionCookieOf(res) ?? '', userId: res.body.id };
};

export const signedInAdmin = async (h: Harness): Promise<SignedIn> => {
  const email = uniqueEmail('admin');
  await h.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Admin' });
  return login(h, email);
};

export const inviteCode = async (h: Harness, adminEmail: string, maxUses = 1): Promise<string> =>
  (await h.useCases.createInviteAsOperator(adminEmail, { max_uses: maxUses })).code;

/** Registers over HTTP; the response's cookie is the new member's session. */
export const registeredMember = async (h: Harness, adminEmail: string, displayName = 'Member'): Promise<SignedIn> => {
  const email = uniqueEmail('member');
  const res = await api(h)
    .post('/api/v1/auth/register')
    .set('Origin', ORIGIN)
    .send({ invite_code: await inviteCode(h, adminEmail), email, password: PASSWORD, display_name: displayName });
  if (res.status !== 201) throw new Error(`register fixture failed with ${res.status}`);
  return { email, token: sessionCookieOf(res) ?? '', userId: res.body.id };
};

export const createToken = async (h: Harness, session: SignedIn, name = 'ci'): Promise<string> => {
  const res = await api(h)
    .post('/api/v1/tokens')
    .set('Origin', ORIGIN)
    .set('Cookie', cookieHeader(session.token))
    .send({ name });
  if (res.status !== 201) throw new Error(`token fixture failed with ${res.status}`);
  return res.body.token as string;
};

/** A fresh harness with a signed-in admin: what most route specs start from. */
export const adminHarness = async (): Promise<{ h: DatabaseHarness; admin: SignedIn }> => {
  const h = await startHarness();
  return { h, admin: await signedInAdmin(h) };
};

/** A password step-up. Every successful one rotates the session's secret: `who` carries on with the new cookie. */
export const stepUpWithPassword = async (h: Harness, who: SignedIn, password = PASSWORD): Promise<request.Response> => {
  const res = await api(h).post('/api/v1/auth/step-up').set('Origin', ORIGIN).set('Cookie', cookieHeader(who.token)).send({ password });
  const rotated = sessionCookieOf(res);
  if (res.status === 204 && rotated) who.token = rotated;
  return res;
};
