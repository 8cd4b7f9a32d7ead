import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, passwordStep, registerPasskey, rotatedCookie } from '../support/mfa/mfa-users.js';
import { SoftAuthenticator } from '../support/mfa/soft-authenticator.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

describe('HTTP second factor: passkeys', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let member: SignedIn;
  let authenticator: SoftAuthenticator;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    member = await registeredMember(h, (await signedInAdmin(h)).email);
    authenticator = new SoftAuthenticator(ORIGIN);
  });
  afterEach(() => h.close());

  const options = (who = member) => api(h).post('/api/v1/mfa/passkeys/options').set(asCookie(who)).send({ password: PASSWORD });
  const register = (response: unknown, who = member) => api(h).post('/api/v1/mfa/passkeys').set(asCookie(who)).send({ name: 'Key', response });

  it('registers from creation options bound to the session: PasskeyOut, recovery codes when it is the first factor', async () => {
    const created = await options();
    expect(created.status).to.equal(200);
    expect(created.body.rp).to.deep.equal({ name: 'Gatehouse', id: 'gatehouse.test' });
    expect(created.body.attestation).to.equal('none');
    expect(created.body.authenticatorSelection).to.include({ residentKey: 'preferred', userVerification: 'preferred' });
    expect(created.body.pubKeyCredParams, 'EdDSA and ES256 first; RS256 last, for Windows Hello').to.deep.equal([
      { alg: -8, type: 'public-key' },
      { alg: -7, type: 'public-key' },
      { alg: -257, type: 'public-key' },
    ]);
    const response = authenticator.register(created.body);
    const before = member.token;
    const res = await register(response);
    expect(res.status).to.equal(201);
    member.token = rotatedCookie(res);
    expect((await api(h).get('/api/v1/users/me').set(asCookie({ ...member, token: before }))).status, 'registration rotated the session').to.equal(401);
    expect(res.body).to.have.keys('id', 'name', 'created_at', 'last_used_at', 'recovery_codes');
    expect(res.body.recovery_codes).to.have.length(10);
    const replay = await register(response);
    expect([replay.status, replay.body.code], 'the challenge was single-use').to.deep.equal([400, 'webauthn_failed']);
    const second = await registerPasskey(h, member, authenticator, 'Phone');
    expect(second.recoveryCodes, 'codes only with the first factor').to.deep.equal([]);
    const mfa = await api(h).get('/api/v1/mfa').set(asCookie(member));
    expect(mfa.body.passkeys.map((p: { name: string }) => p.name)).to.deep.equal(['Key', 'Phone']);
  });

  it('keeps only the known transports a browser names, so 300 characters of them cannot overflow the column', async () => {
    const response = authenticator.register((await options()).body) as { response: { transports: string[] } };
    response.response.transports = ['usb', 'x'.repeat(300), 'usb', 'nfc', 'made-up'];
    const res = await register(response);
    expect(res.status).to.equal(201);
    const [row] = await h.db('passkeys').select('transports');
    expect(String(row.transports)).to.match(/usb/).and.to.match(/nfc/).and.not.to.match(/x{10}|made-up/);
  });

  it('refuses a response to another challenge, from another origin, or with none pending', async () => {
    const none = await register(authenticator.register({ ...(await options()).body, challenge: 'AAAA' }));
    expect(none.body.code).to.equal('webauthn_failed');
    const foreign = new SoftAuthenticator('https://evil.example');
    expect((await register(foreign.register((await options()).body))).body.code).to.equal('webauthn_failed');
    expect((await register({ id: 'x' })).body.code).to.equal('webauthn_failed');
    expect(await countRows(h.db, 'passkeys')).to.equal(0);
  });

  it('completes a login with a passkey as the second factor; a replayed or rewound assertion is refused', async () => {
    await registerPasskey(h, member, authenticator);
    const pending = await passwordStep(h, member.email);
    const request = await api(h).post('/api/v1/auth/mfa/passkey/options').set(asPending(pending));
    expect(request.status).to.equal(200);
    expect(request.body.allowCredentials).to.have.length(1);
    const assertion = authenticator.assert(request.body);
    const done = await api(h).post('/api/v1/auth/mfa/passkey').set(asPending(pending)).send({ response: assertion });
    expect(done.status).to.equal(200);
    const again = await passwordStep(h, member.email);
    await api(h).post('/api/v1/auth/mfa/passkey/options').set(asPending(again));
    const replay = await api(h).post('/api/v1/auth/mfa/passkey').set(asPending(again)).send({ response: assertion });
    expect([replay.status, replay.body.code]).to.deep.equal([400, 'webauthn_failed']);
    const third = await passwordStep(h, member.email);
    const fresh = await api(h).post('/api/v1/auth/mfa/passkey/options').set(asPending(third));
    authenticator.rewindCounter();
    const cloned = await api(h).post('/api/v1/auth/mfa/passkey').set(asPending(third)).send({ response: authenticator.assert(fresh.body) });
    expect(cloned.body.code, 'a counter that went backwards').to.equal('webauthn_failed');
  });

  it('logs in without a password: a session with MFA', async () => {
    await registerPasskey(h, member, authenticator);
    const request = await api(h).post('/api/v1/auth/passkey/options').set('Origin', ORIGIN);
    expect(request.status).to.equal(200);
    expect(request.body.userVerification).to.equal('required');
    const cookie = sessionCookieOf(request, 'gh_passkey')!;
    const done = await api(h).post('/api/v1/auth/passkey').set({ Origin: ORIGIN, Cookie: `gh_passkey=${cookie}` }).send({ response: authenticator.assert(request.body) });
    expect(done.status).to.equal(200);
    expect(done.body.id).to.equal(member.userId);
    const session = { ...member, token: sessionCookieOf(done)! };
    const sessions = await api(h).get('/api/v1/sessions').set(asCookie(session));
    expect(sessions.body.find((s: { current: boolean }) => s.current).mfa).to.equal(true);
    const again = await api(h).post('/api/v1/auth/passkey').set({ Origin: ORIGIN, Cookie: `gh_passkey=${cookie}` }).send({ response: authenticator.assert(request.body) });
    expect(again.body.code, 'the challenge was taken').to.equal('webauthn_failed');
    expect(await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'login_succeeded' })).to.be.at.least(1);
  });

  it('steps up with a passkey, and removes one with the password: 404 for an unknown id', async () => {
    const { id } = await registerPasskey(h, member, authenticator);
    clock.advance(16 * 60_000);
    const refused = await api(h).delete(`/api/v1/mfa/passkeys/${id}`).set(asCookie(member)).send({ password: PASSWORD });
    expect(refused.body.code).to.equal('step_up_required');
    const request = await api(h).post('/api/v1/auth/step-up/passkey/options').set(asCookie(member));
    const stepped = await api(h).post('/api/v1/auth/step-up/passkey').set(asCookie(member)).send({ response: authenticator.assert(request.body) });
    expect(stepped.status).to.equal(204);
    const before = member.token;
    member.token = rotatedCookie(stepped);
    expect((await api(h).get('/api/v1/users/me').set(asCookie({ ...member, token: before }))).status, 'step-up rotated the session').to.equal(401);
    const unknown = await api(h).delete('/api/v1/mfa/passkeys/01890a5d-ac96-774b-bcce-b302099a8057').set(asCookie(member)).send({ password: PASSWORD });
    expect(unknown.body.code).to.equal('not_found');
    expect((await api(h).delete(`/api/v1/mfa/passkeys/${id}`).set(asCookie(member)).send({ password: PASSWORD })).status).to.equal(204);
    expect((await api(h).get('/api/v1/mfa').set(asCookie(member))).body).to.deep.equal({ totp: false, passkeys: [], recovery_codes_left: 0 });
  });

  it('allows at most 10 passkeys: the 11th is 409 passkey_limit at the options step', async () => {
    for (let i = 0; i < 10; i += 1) await registerPasskey(h, member, authenticator, `Key ${i}`);
    const eleventh = await options();
    expect([eleventh.status, eleventh.body.code]).to.deep.equal([409, 'passkey_limit']);
    expect(await countRows(h.db, 'passkeys')).to.equal(10);
  });
});
