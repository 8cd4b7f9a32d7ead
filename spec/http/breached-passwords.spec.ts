import { expect } from 'chai';
import { renameSync } from 'node:fs';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, inviteCode, registeredMember, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { fillerHashes, pwnedFileText, sha1, tempFile } from '../support/unit/pwned-file.js';

/** Known to the operator's Pwned Passwords file only, not to the bundled list. */
const ONLY_IN_PWNED_FILE = 'Purple Monkey Dishwasher 1';

describe('HTTP: breached passwords and context words are refused as 422, never echoed', () => {
  let file: ReturnType<typeof tempFile>;
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    file = tempFile(pwnedFileText([sha1(ONLY_IN_PWNED_FILE), ...fillerHashes(2_000)]));
    h = await startHarness({ SERVICE_PWNED_PASSWORDS_PATH: file.path, SERVICE_PASSWORD_CONTEXT_WORDS: 'Acme' });
    admin = await signedInAdmin(h);
  });
  after(async () => {
    await h.close();
    file.cleanup();
  });

  const register = async (password: string) =>
    api(h)
      .post('/api/v1/auth/register')
      .set('Origin', ORIGIN)
      .send({ invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password, display_name: 'Newcomer' });

  it('registration: the bundled list, the Pwned Passwords file, the product name and a configured word', async () => {
    const cases: [password: string, msg: string][] = [
      ['ThisIsMyPassword', 'is a known breached password'],
      [ONLY_IN_PWNED_FILE, 'is a known breached password'],
      ['my gatehouse secret word', 'must not contain words specific to this service'],
      ['welcome to ACME widgets', 'must not contain words specific to this service'],
    ];
    for (const [password, msg] of cases) {
      const res = await register(password);
      expect([res.status, res.body.code, res.body.errors], password).to.deep.equal([422, 'validation_failed', [{ loc: ['body', 'password'], msg }]]);
      expect(res.text.toLowerCase(), password).not.to.include(password.toLowerCase());
    }
    expect((await register('quiet harbour lanterns')).status).to.equal(201);
  });

  it('password change: refused at ["body", "new_password"], and the old password still works', async () => {
    const member = await registeredMember(h, admin.email);
    const res = await api(h)
      .put('/api/v1/users/me/password')
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(member.token))
      .send({ current_password: PASSWORD, new_password: ONLY_IN_PWNED_FILE });
    const errors = [{ loc: ['body', 'new_password'], msg: 'is a known breached password' }];
    expect([res.status, res.body.code, res.body.errors]).to.deep.equal([422, 'validation_failed', errors]);
    expect(res.text).not.to.include(ONLY_IN_PWNED_FILE);
    expect((await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD })).status).to.equal(200);
  });

  it('answers 500 internal_error, not 201, when the Pwned Passwords file is gone at run time', async () => {
    renameSync(file.path, `${file.path}.moved`);
    try {
      const res = await register('quiet harbour lanterns, again');
      expect([res.status, res.body.code]).to.deep.equal([500, 'internal_error']);
      expect(res.text).not.to.include('harbour');
    } finally {
      renameSync(`${file.path}.moved`, file.path);
    }
  });
});
