import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { type Harness } from '../support/http/harness.js';
import { ROUTES, label, type Route } from '../support/http/routes.js';
import { PASSWORD, type SignedIn, adminHarness } from '../support/http/users.js';

/** For each body route: bodies that break one rule of CONTRACT §4 each, and the loc they must name. */
const INVALID: Record<string, [Record<string, unknown>, string][]> = {
  'POST /api/v1/auth/register': [
    [{ email: 'a@example.com', password: PASSWORD, display_name: 'A' }, 'invite_code'],
    [{ invite_code: 'x', email: 'not an email', password: PASSWORD, display_name: 'A' }, 'email'],
    [{ invite_code: 'x', email: 'a@example.com', password: 'too-short', display_name: 'A' }, 'password'],
    [{ invite_code: 'x', email: 'a@example.com', password: PASSWORD, display_name: 'a\u202eb' }, 'display_name'],
  ],
  'POST /api/v1/auth/login': [
    [{ email: `${'a'.repeat(250)}@example.com`, password: PASSWORD }, 'email'],
    [{ email: 'a@example.com', password: 42 }, 'password'],
  ],
  'POST /api/v1/auth/recover': [
    [{ code: 'x', new_password: PASSWORD }, 'email'],
    [{ email: 'a@example.com', code: 'x'.repeat(65), new_password: PASSWORD }, 'code'],
    [{ email: 'a@example.com', code: 'x', new_password: 'too-short' }, 'new_password'],
  ],
  'POST /api/v1/auth/step-up': [
    [{}, 'password'],
    [{ password: PASSWORD, extra: 1 }, 'extra'],
  ],
  'PATCH /api/v1/users/me': [
    [{ display_name: '   ' }, 'display_name'],
    [{ username: 'Not a name' }, 'username'],
    [{ username: 'ada\r\nX-Injected: 1' }, 'username'],
  ],
  'PATCH /api/v1/admin/users/{id}': [
    [{}, 'username'],
    [{ username: '-ada' }, 'username'],
  ],
  'POST /api/v1/admin/groups': [
    [{ description: 'x' }, 'name'],
    [{ name: 'ops\r\nX-Injected: 1' }, 'name'],
    [{ name: 'a,b' }, 'name'],
    [{ name: 'ops', description: 'x'.repeat(201) }, 'description'],
  ],
  'PATCH /api/v1/admin/groups/{id}': [[{ name: 'x'.repeat(65) }, 'name']],
  'POST /api/v1/admin/forward-auth/rules': [
    [{ path_prefix: '/' }, 'host'],
    [{ host: 'wiki.example.com', path_prefix: 'no-slash' }, 'path_prefix'],
    [{ host: 'wiki.example.com', require_mfa: 'yes' }, 'require_mfa'],
    [{ host: 'wiki.example.com', allowed_groups: 'ops' }, 'allowed_groups'],
  ],
  'PATCH /api/v1/admin/forward-auth/rules/{id}': [[{ host: 'not a host' }, 'host']],
  'PATCH /api/v1/admin/oidc/clients/{id}': [
    [{ type: 'public' }, 'type'],
    [{ redirect_uris: [] }, 'redirect_uris'],
  ],
  'PUT /api/v1/users/me/password': [
    [{ new_password: PASSWORD }, 'current_password'],
    [{ current_password: PASSWORD, new_password: 'x'.repeat(257) }, 'new_password'],
  ],
  'DELETE /api/v1/users/me': [[{ password: ['x'] }, 'password']],
  'POST /api/v1/tokens': [
    [{ name: '' }, 'name'],
    [{ name: 'x', expires_in_days: 0 }, 'expires_in_days'],
    [{ name: 'x', expires_in_days: 1.5 }, 'expires_in_days'],
  ],
  'POST /api/v1/auth/mfa': [
    [{ code: 123456 }, 'code'],
    [{ recovery_code: 'x'.repeat(65) }, 'recovery_code'],
  ],
  'POST /api/v1/auth/mfa/passkey': [[{ response: 'x' }, 'response']],
  'POST /api/v1/auth/passkey': [[{}, 'response']],
  'POST /api/v1/auth/step-up/passkey': [[{ response: [] }, 'response']],
  'POST /api/v1/mfa/totp': [[{ password: 42 }, 'password']],
  'DELETE /api/v1/mfa/totp': [[{}, 'password']],
  'POST /api/v1/mfa/totp/confirm': [[{ code: 7 }, 'code']],
  'POST /api/v1/mfa/passkeys/options': [[{ password: null }, 'password']],
  'POST /api/v1/mfa/passkeys': [
    [{ name: '', response: {} }, 'name'],
    [{ name: 'Key' }, 'response'],
  ],
  'DELETE /api/v1/mfa/passkeys/{id}': [[{ password: ['x'] }, 'password']],
  'POST /api/v1/mfa/recovery-codes': [[{}, 'password']],
  'POST /api/v1/invites': [
    [{ max_uses: 0 }, 'max_uses'],
    [{ max_uses: '2' }, 'max_uses'],
    [{ expires_in_days: 366 }, 'expires_in_days'],
  ],
  'POST /api/v1/admin/oidc/clients': [
    [{ type: 'public', redirect_uris: ['https://a.example.com/cb'] }, 'name'],
    [{ name: 'A', type: 'secret', redirect_uris: ['https://a.example.com/cb'] }, 'type'],
    [{ name: 'A', type: 'public', redirect_uris: [] }, 'redirect_uris'],
    [{ name: 'A', type: 'public', redirect_uris: ['https://a.example.com/cb'], require_pkce: false }, 'require_pkce'],
  ],
};

describe('HTTP request bodies, on every route that takes one', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  // An admin's cookie passes authentication everywhere, so only the body decides.
  const send = (route: Route) => api(h)[route.method](route.path).set(asCookie(admin));
  const locs = (body: { errors: { loc: string[] }[] }) => body.errors.map((problem) => problem.loc);

  for (const route of ROUTES.filter((candidate) => candidate.body)) {
    describe(label(route), () => {
      it('415 unsupported_media_type for a body that is not application/json', async () => {
        const res = await send(route).type('text/plain').send(JSON.stringify(route.body));
        expect(res.status).to.equal(415);
        expect(res.body.code).to.equal('unsupported_media_type');
      });

      it('413 payload_too_large above 16 KiB', async () => {
        const res = await send(route).type('json').send(JSON.stringify({ ...route.body, pad: 'x'.repeat(16 * 1024) }));
        expect(res.status).to.equal(413);
        expect(res.body.code).to.equal('payload_too_large');
      });

      it('400 malformed_json for a body that does not parse', async () => {
        const res = await send(route).type('json').send('{"a":');
        expect(res.status).to.equal(400);
        expect(res.body.code).to.equal('malformed_json');
      });

      it('422 at ["body"] for a non-object and at ["body", field] for an unknown field', async () => {
        const list = await send(route).type('json').send('[]');
        expect(list.status).to.equal(422);
        expect(locs(list.body)).to.deep.equal([['body']]);
        const unknown = await send(route).send({ ...route.body, surprise: 'value-never-echoed' });
        expect(unknown.status).to.equal(422);
        expect(locs(unknown.body)).to.deep.equal([['body', 'surprise']]);
        expect(unknown.text).not.to.include('value-never-echoed');
      });

      for (const [body, field] of INVALID[label(route)] ?? []) {
        it(`422 at ["body", "${field}"] for ${JSON.stringify(body).slice(0, 60)}`, async () => {
          const res = await send(route).send(body);
          expect(res.status).to.equal(422);
          expect(res.body.code).to.equal('validation_failed');
          expect(locs(res.body)).to.deep.equal([['body', field]]);
        });
      }
    });
  }

  it('has invalid bodies for every body route', () => {
    expect(Object.keys(INVALID)).to.have.members(ROUTES.filter((route) => route.body).map(label));
  });
});
