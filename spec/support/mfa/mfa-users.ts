import * as OTPAuth from 'otpauth';
import type request from 'supertest';
import { api } from '../http/api.js';
import { asCookie } from '../http/fixtures.js';
import { ORIGIN, type Harness } from '../http/harness.js';
import { PASSWORD, sessionCookieOf, type SignedIn } from '../http/users.js';
import type { SoftAuthenticator } from './soft-authenticator.js';

/** What an authenticator app shows at `at` for this secret (RFC 6238, SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string, at: Date): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

export const mfaCookieOf = (res: request.Response): string | null => sessionCookieOf(res, 'gh_mfa');
export const asPending = (token: string, origin = ORIGIN) => ({ Origin: origin, Cookie: `gh_mfa=${token}` });

/** A proved second factor rotates the session's secret: the caller carries on with the new cookie. */
export const rotatedCookie = (res: request.Response): string => {
  const token = sessionCookieOf(res);
  if (!token) throw new Error(`expected a rotated session cookie on ${res.status}`);
  return token;
};

/** Enrols and confirms an authenticator app over HTTP; the caller's session then counts as MFA. */
export const enrolTotp = async (h: Harness, who: SignedIn, now: Date): Promise<{ secret: string; recoveryCodes: string[] }> => {
  const enrolled = await api(h).post('/api/v1/mfa/totp').set(asCookie(who)).send({ password: PASSWORD });
  if (enrolled.status !== 201) throw new Error(`TOTP enrolment fixture failed with ${enrolled.status}`);
  const secret = enrolled.body.secret as string;
  const confirmed = await api(h).post('/api/v1/mfa/totp/confirm').set(asCookie(who)).send({ code: totpCode(secret, now) });
  if (confirmed.status !== 200) throw new Error(`TOTP confirmation fixture failed with ${confirmed.status}`);
  who.token = rotatedCookie(confirmed);
  return { secret, recoveryCodes: confirmed.body.recovery_codes ?? [] };
};

/** Registers a passkey from the soft authenticator; answers its id and any recovery codes. */
export const registerPasskey = async (h: Harness, who: SignedIn, authenticator: SoftAuthenticator, name = 'Laptop') => {
  const options = await api(h).post('/api/v1/mfa/passkeys/options').set(asCookie(who)).send({ password: PASSWORD });
  if (options.status !== 200) throw new Error(`passkey options fixture failed with ${options.status}`);
  const created = await api(h).post('/api/v1/mfa/passkeys').set(asCookie(who)).send({ name, response: authenticator.register(options.body) });
  if (created.status !== 201) throw new Error(`passkey registration fixture failed with ${created.status}`);
  who.token = rotatedCookie(created);
  return { id: created.body.id as string, recoveryCodes: (created.body.recovery_codes ?? []) as string[] };
};

/** The first login step for a user with a second factor: the pending login's cookie. */
export const passwordStep = async (h: Harness, email: string): Promise<string> => {
  const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password: PASSWORD });
  const token = mfaCookieOf(res);
  if (res.status !== 200 || !res.body.mfa_required || !token) throw new Error(`password step fixture failed with ${res.status}`);
  return token;
};

/** The whole login with a TOTP code: a new session's cookie. */
export const loginWithCode = async (h: Harness, email: string, code: string): Promise<SignedIn> => {
  const pending = await passwordStep(h, email);
  const res = await api(h).post('/api/v1/auth/mfa').set(asPending(pending)).send({ code });
  if (res.status !== 200) throw new Error(`second step fixture failed with ${res.status}`);
  return { email, token: sessionCookieOf(res) ?? '', userId: res.body.id };
};
