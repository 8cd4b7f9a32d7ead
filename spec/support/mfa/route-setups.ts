import { api } from '../http/api.js';
import { asCookie } from '../http/fixtures.js';
import { ORIGIN, type DatabaseHarness, type Harness } from '../http/harness.js';
import { PASSWORD, registeredMember, sessionCookieOf, type SignedIn } from '../http/users.js';
import { enrolTotp, passwordStep, registerPasskey, totpCode } from './mfa-users.js';
import { SoftAuthenticator } from './soft-authenticator.js';

/** What a route needs to succeed beyond a credential: a body, the id in its path, short-lived cookies. */
export interface Prepared {
  body?: Record<string, unknown>;
  id?: string;
  /** The `{user_id}` of a group's member routes. */
  userId?: string;
  cookies?: string[];
}

export interface SetupContext {
  h: Harness;
  adminEmail: string;
  /** The caller whose cookie or token the request carries. */
  owner: SignedIn;
  /** False when the call is expected to be refused: then nothing of the owner's may change. */
  acting: boolean;
}

export type Setup = (context: SetupContext) => Promise<Prepared>;

let names = 0;
const uniqueName = (label: string): string => `${label}-${process.pid}-${++names}`;

const newOidcClient = (h: Harness) =>
  h.useCases.createOidcClientAsOperator({ name: 'Matrix', type: 'public', redirect_uris: ['https://app.example.com/callback'] });

/** A user of its own with a passkey and a pending login: the second step concerns nobody else. */
const pendingWithPasskey = async ({ h, adminEmail }: SetupContext) => {
  const user = await registeredMember(h, adminEmail);
  const authenticator = new SoftAuthenticator(ORIGIN);
  await registerPasskey(h, user, authenticator);
  const pending = await passwordStep(h, user.email);
  return { authenticator, pending };
};

export const SETUPS = {
  secondStepCode: async ({ h, adminEmail }) => {
    const user = await registeredMember(h, adminEmail);
    const { recoveryCodes } = await enrolTotp(h, user, new Date());
    return { body: { recovery_code: recoveryCodes[0] }, cookies: [`gh_mfa=${await passwordStep(h, user.email)}`] };
  },
  /** A user of its own who was issued an account-recovery code: the request needs no credential. */
  accountRecovery: async ({ h, adminEmail }) => {
    const user = await registeredMember(h, adminEmail);
    const { code } = await h.useCases.issueAccountRecovery('operator', { email: user.email });
    return { body: { email: user.email, code, new_password: 'a recovered passphrase for tests 9' } };
  },
  secondStepOptions: async (context) => ({ cookies: [`gh_mfa=${(await pendingWithPasskey(context)).pending}`] }),
  secondStepPasskey: async (context) => {
    const { authenticator, pending } = await pendingWithPasskey(context);
    const options = await api(context.h).post('/api/v1/auth/mfa/passkey/options').set({ Origin: ORIGIN, Cookie: `gh_mfa=${pending}` });
    return { body: { response: authenticator.assert(options.body) }, cookies: [`gh_mfa=${pending}`] };
  },
  passwordless: async ({ h, adminEmail }) => {
    const user = await registeredMember(h, adminEmail);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await registerPasskey(h, user, authenticator);
    const options = await api(h).post('/api/v1/auth/passkey/options').set('Origin', ORIGIN);
    return { body: { response: authenticator.assert(options.body) }, cookies: [`gh_passkey=${sessionCookieOf(options, 'gh_passkey')}`] };
  },
  pendingTotp: async ({ h, owner, acting }) => {
    if (!acting) return {};
    const enrolled = await api(h).post('/api/v1/mfa/totp').set(asCookie(owner)).send({ password: PASSWORD });
    return { body: { code: totpCode(enrolled.body.secret, new Date()) } };
  },
  unconfirmedTotp: async ({ h, owner, acting }) => {
    if (acting) await api(h).post('/api/v1/mfa/totp').set(asCookie(owner)).send({ password: PASSWORD });
    return {};
  },
  newPasskey: async ({ h, owner, acting }) => {
    if (!acting) return {};
    const options = await api(h).post('/api/v1/mfa/passkeys/options').set(asCookie(owner)).send({ password: PASSWORD });
    return { body: { name: 'Matrix', response: new SoftAuthenticator(ORIGIN).register(options.body) } };
  },
  ownPasskey: async ({ h, owner, acting }) => (acting ? { id: (await registerPasskey(h, owner, new SoftAuthenticator(ORIGIN))).id } : {}),
  stepUpPasskey: async ({ h, owner, acting }) => {
    if (!acting) return {};
    const authenticator = new SoftAuthenticator(ORIGIN);
    await registerPasskey(h, owner, authenticator);
    const options = await api(h).post('/api/v1/auth/step-up/passkey/options').set(asCookie(owner));
    return { body: { response: authenticator.assert(options.body) } };
  },
  /** A group of its own (the owner a member, for the member routes' {user_id}): changing it concerns no other route. */
  group: async ({ h, owner }) => {
    const group = await h.useCases.createGroup('operator', { name: uniqueName('group') });
    return { id: group.id, userId: owner.userId };
  },
  /** A name no other group has, so that each successful creation is a first one. */
  newGroupName: async () => ({ body: { name: uniqueName('matrix') } }),
  forwardAuthRule: async ({ h }) => ({ id: (await h.useCases.createForwardAuthRule('operator', { host: `${uniqueName('rule')}.example.com` })).id }),
  newRuleHost: async () => ({ body: { host: `${uniqueName('matrix')}.example.com` } }),
  /** A client of its own: reading or deleting it concerns no user. */
  oidcClient: async ({ h }) => ({ id: (await newOidcClient(h)).client.clientId }),
  /** A client the owner consented to (a Grant as the provider stores it), to disconnect. */
  ownOidcGrant: async ({ h, owner, acting }) => {
    if (!acting) return {};
    const { client } = await newOidcClient(h);
    const { ports } = (h as DatabaseHarness).service;
    const grant = { kind: 'Grant', accountId: owner.userId, clientId: client.clientId, openid: { scope: 'openid email' } };
    await ports.oidcPayloads.upsert('Grant', `grant-${client.clientId}`, grant, new Date(Date.now() + 3_600_000));
    return { id: client.clientId };
  },
} satisfies Record<string, Setup>;
