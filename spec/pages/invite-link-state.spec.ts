import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const DAY = 24 * 60 * 60_000;
const ASK = 'Ask the person who invited you for a new one.';

/** The register form's `Invite code` value as sent, or null without the field. */
const inviteFieldOf = (html: string): string | null => {
  const input = /<input[^>]*name="invite_code"[^>]*>/.exec(html)?.[0];
  return input === undefined ? null : (/value="([^"]*)"/.exec(input)?.[1] ?? '');
};

/** §15 rule 12 on the suite's engine: a used, expired or revoked invite link is said when it is opened, before any form is filled in. */
describe('pages: an invite link says at once what it is worth (SQLite and PostgreSQL, clock injected)', function () {
  this.timeout(30_000);
  let clock: FixedClock;
  let h: DatabaseHarness;
  let admin: SignedIn;

  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
  });
  afterEach(() => h.close());

  /** Opens the link as a browser does: the 303 with the sealed cookie, then the register page with it. */
  const openLink = async (code: string, language = 'en') => {
    const first = await request(h.app).get(`/gatehouse/register?invite=${encodeURIComponent(code)}`);
    const line = ((first.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((value) => value.startsWith('gh_invite='));
    return request(h.app).get('/gatehouse/register').set('Cookie', (line ?? '').split(';')[0]!).set('Accept-Language', language);
  };
  const newInvite = (fields: Record<string, number> = {}) => h.useCases.createInviteAsOperator(admin.email, { max_uses: 1, ...fields });
  const register = (code: string) =>
    request(h.app).post('/api/v1/auth/register').set('Origin', ORIGIN).send({ invite_code: code, email: uniqueEmail(), password: PASSWORD, display_name: 'New' });

  it('an open invite: the form with its code, no alert', async () => {
    const { code } = await newInvite();
    const page = await openLink(code);
    expect(page.status).to.equal(200);
    expect(inviteFieldOf(page.text)).to.equal(code);
    expect(page.text).to.not.contain('role="alert"');
  });

  it('a used invite: said in an alert, its code not offered again, and its use count untouched', async () => {
    const { code } = await newInvite();
    expect((await register(code)).status).to.equal(201);
    const page = await openLink(code);
    expect(page.text).to.contain(`This invite link was already used. ${ASK}`);
    expect(page.text).to.contain('role="alert"');
    expect(inviteFieldOf(page.text)).to.equal('');
    expect((await h.db('invites').first()).used_count).to.satisfy((n: unknown) => Number(n) === 1);
  });

  it('an expired invite: said in an alert', async () => {
    const { code } = await newInvite({ expires_in_days: 1 });
    clock.advance(DAY + 1_000);
    const page = await openLink(code);
    expect(page.text).to.contain(`This invite link has expired. ${ASK}`);
    expect(inviteFieldOf(page.text)).to.equal('');
  });

  it('a revoked invite: said in an alert, in German too', async () => {
    const { code, invite } = await newInvite();
    await request(h.app).delete(`/api/v1/admin/invites/${invite.id}`).set('Origin', ORIGIN).set('Cookie', cookieHeader(admin.token)).expect(204);
    expect((await openLink(code)).text).to.contain('This invite link is not valid: it was withdrawn or copied incompletely.');
    expect((await openLink(code, 'de')).text).to.contain('Dieser Einladungslink ist nicht gültig');
  });

  it('opening an open link uses nothing up: two people can still register with a two-use invite', async () => {
    const { code } = await newInvite({ max_uses: 2 });
    await openLink(code);
    await openLink(code);
    expect((await register(code)).status).to.equal(201);
    expect((await register(code)).status).to.equal(201);
  });
});
