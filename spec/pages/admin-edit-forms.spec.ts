import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
const CLIENTS = '/gatehouse/admin/applications/clients';
const RULES = '/gatehouse/admin/applications/rules';
const UNKNOWN = '0190a000-0000-7000-8000-000000000000';

/**
 * The edit forms of OpenID clients and forward-auth rules over HTTP, on the suite's engine: the
 * admin forms' Origin rule, admins only, recent authentication by the detour that carries the
 * change out, a refused create that leaves nothing behind.
 */
describe('admin edit forms for OpenID clients and forward-auth rules (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let admin: SignedIn;
  let clientId = '';
  let ruleId = '';

  beforeEach(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
    clientId = (await h.useCases.createOidcClient('operator', { name: 'Grafana', redirect_uris: ['http://localhost:3001/cb'], type: 'confidential' })).client.clientId;
    ruleId = (await h.useCases.createForwardAuthRule('operator', { host: 'app.example.com' })).id;
  });
  afterEach(async () => h?.close());

  const post = (path: string, who: SignedIn, fields: Record<string, string>, origin = ORIGIN) =>
    request(h.app).post(path).set('Origin', origin).set('Cookie', cookieHeader(who.token)).type('form').send(form(fields));
  const get = (path: string, who: SignedIn) => request(h.app).get(path).set('Cookie', cookieHeader(who.token));
  const client = () => h.useCases.getOidcClient('operator', clientId);
  const rule = () => h.useCases.getForwardAuthRule('operator', ruleId);

  it('a change posted from another origin is a 403 page and changes nothing', async () => {
    const fromElsewhere = await post(`${CLIENTS}/${clientId}`, admin, { name: 'Evil', redirect_uris: 'https://evil.example/cb' }, 'https://evil.example');
    expect(fromElsewhere.status).to.equal(403);
    expect((await client()).name).to.equal('Grafana');
    const ruleFromElsewhere = await post(`${RULES}/${ruleId}`, admin, { host: 'evil.example' }, 'https://evil.example');
    expect(ruleFromElsewhere.status).to.equal(403);
    expect((await rule()).host).to.equal('app.example.com');
  });

  it('a member gets the 403 page for the edit pages and their forms, and nothing changes', async () => {
    const member = await registeredMember(h, admin.email);
    for (const path of [`${CLIENTS}/${clientId}`, `${RULES}/${ruleId}`]) {
      const page = await get(path, member);
      expect(page.status, path).to.equal(403);
      expect(page.text).to.contain('Not allowed');
    }
    expect((await post(`${CLIENTS}/${clientId}`, member, { name: 'Mine', redirect_uris: 'http://localhost:3001/cb' })).status).to.equal(403);
    expect((await post(`${RULES}/${ruleId}`, member, { host: 'mine.example.com' })).status).to.equal(403);
    expect([(await client()).name, (await rule()).host]).to.deep.equal(['Grafana', 'app.example.com']);
  });

  it('an unknown client or rule is the not-found page, for the page and its form', async () => {
    for (const path of [`${CLIENTS}/${UNKNOWN}`, `${RULES}/${UNKNOWN}`, `${RULES}/not-an-id`]) {
      expect((await get(path, admin)).status, path).to.equal(404);
      expect((await post(path, admin, { name: 'x', redirect_uris: 'http://localhost:3001/cb', host: 'x.example.com' })).status, path).to.equal(404);
    }
  });

  it('a refused change is shown again with 422, the problem beside its field and in an alert, and nothing written', async () => {
    const refused = await post(`${CLIENTS}/${clientId}`, admin, { name: '', redirect_uris: 'http://localhost:3001/cb', require_mfa: 'yes' });
    expect(refused.status).to.equal(422);
    expect(refused.text).to.match(/role="alert"/);
    expect(refused.text).to.match(/<input id="client-name" name="name"[^>]*aria-invalid="true"/);
    expect((await client()).requireMfa, 'nothing written').to.equal(false);

    const badPrefix = await post(`${RULES}/${ruleId}`, admin, { host: 'app.example.com', path_prefix: 'no-slash', require_mfa: 'yes' });
    expect(badPrefix.status).to.equal(422);
    expect(badPrefix.text).to.match(/<input id="rule-path_prefix" name="path_prefix"[^>]*aria-invalid="true"/);
    expect((await rule()).requireMfa, 'nothing written').to.equal(false);
  });

  it('the ID token signature is a labelled select on the create and edit forms; a change is saved; a value not offered is 422 beside the select, nothing written', async () => {
    const page = await get(`${CLIENTS}/${clientId}`, admin);
    expect(page.text).to.match(/<label for="client-id_token_signed_response_alg">ID token signature<\/label>/);
    expect(page.text).to.match(/<option value="RS256" selected[^>]*>RS256<\/option>/);
    expect(page.text).to.include('<option value="ES256">ES256</option>');
    expect(page.text, 'only the algorithms a client may get').to.not.include('EdDSA');
    expect((await get('/gatehouse/admin/applications', admin)).text).to.include('<select id="client-id_token_signed_response_alg" name="id_token_signed_response_alg"');
    const saved = await post(`${CLIENTS}/${clientId}`, admin, { name: 'Grafana', redirect_uris: 'http://localhost:3001/cb', id_token_signed_response_alg: 'ES256' });
    expect(saved.status).to.equal(303);
    expect((await client()).idTokenAlgorithm).to.equal('ES256');
    expect((await get(`${CLIENTS}/${clientId}`, admin)).text).to.match(/<option value="ES256" selected[^>]*>ES256<\/option>/);
    const refused = await post(`${CLIENTS}/${clientId}`, admin, { name: 'Renamed', redirect_uris: 'http://localhost:3001/cb', id_token_signed_response_alg: 'EdDSA' });
    expect(refused.status).to.equal(422);
    expect(refused.text).to.match(/<select id="client-id_token_signed_response_alg" name="id_token_signed_response_alg" aria-invalid="true"/);
    expect(refused.text).to.include('href="#client-id_token_signed_response_alg">ID token signature:');
    expect([(await client()).name, (await client()).idTokenAlgorithm], 'nothing written').to.deep.equal(['Grafana', 'ES256']);
    const created = await post('/gatehouse/admin/applications/clients', admin, { name: 'Quick', redirect_uris: 'http://localhost:3002/cb', type: 'confidential', id_token_signed_response_alg: 'ES256' });
    expect(created.status).to.equal(303);
    expect((await h.useCases.listOidcClients('operator')).find((one) => one.name === 'Quick')?.idTokenAlgorithm).to.equal('ES256');
  });

  it('a stale proof sends the change through the confirm page, which carries it out and lands on the edit page', async () => {
    await h.db('sessions').update({ authenticated_at: new Date(Date.now() - 3_600_000).toISOString() });
    const asked = await post(`${RULES}/${ruleId}`, admin, { host: 'app.example.com', path_prefix: '/admin', require_mfa: 'yes' });
    expect(asked.status).to.equal(303);
    const confirm = String(asked.headers.location);
    expect(confirm).to.match(/^\/gatehouse\/confirm\?/);
    expect((await rule()).pathPrefix, 'nothing happens before the confirmation').to.equal('/');
    expect((await get(confirm, admin)).text, 'the confirm page names the rule').to.contain('Confirm it is you to change the forward-auth rule for app.example.com/');

    const confirmed = await post(confirm, admin, { password: PASSWORD });
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.equal(`${RULES}/${ruleId}#rule`);
    const changed = await rule();
    expect([changed.pathPrefix, changed.requireMfa]).to.deep.equal(['/admin', true]);
    // The result crosses the redirect in the one-time flash cookie, beside the renewed session.
    const cookies = [cookieHeader(sessionCookieOf(confirmed) ?? admin.token), cookieHeader(sessionCookieOf(confirmed, 'gh_flash') ?? '', 'gh_flash')].join('; ');
    const shown = await request(h.app).get(String(confirmed.headers.location)).set('Cookie', cookies);
    expect(shown.text).to.contain('role="status">Saved.</p>');
  });

  it('the confirm page names the client or rule a stale proof interrupted, for a change and a deletion, in English and German', async () => {
    await h.db('sessions').update({ authenticated_at: new Date(Date.now() - 3_600_000).toISOString() });
    const sentence = async (path: string, fields: Record<string, string>, language = 'en'): Promise<string> => {
      const asked = await post(path, admin, fields);
      expect(asked.status, path).to.equal(303);
      const page = await get(String(asked.headers.location), admin).set('Accept-Language', language);
      return /<p class="pending-action">\s*<strong>([^<]*)<\/strong>/.exec(page.text)?.[1] ?? page.text;
    };
    expect(await sentence(`${CLIENTS}/${clientId}`, { name: 'Grafana 2', redirect_uris: 'http://localhost:3001/cb' })).to.equal('Confirm it is you to change the application Grafana');
    expect(await sentence(`${CLIENTS}/${clientId}/delete`, { confirmed: 'yes' })).to.equal('Confirm it is you to delete the application Grafana');
    expect(await sentence(`${RULES}/${ruleId}`, { host: 'app.example.com', path_prefix: '/admin' })).to.equal('Confirm it is you to change the forward-auth rule for app.example.com/');
    expect(await sentence(`${RULES}/${ruleId}/delete`, { confirmed: 'yes' })).to.equal('Confirm it is you to delete the forward-auth rule for app.example.com/');
    expect(await sentence(`${CLIENTS}/${clientId}`, { name: 'Grafana 2', redirect_uris: 'http://localhost:3001/cb' }, 'de')).to.equal(
      'Bestätigen Sie, dass Sie es sind, um die Anwendung Grafana zu ändern',
    );
    expect(await sentence(`${RULES}/${ruleId}`, { host: 'app.example.com', path_prefix: '/admin' }, 'de')).to.equal(
      'Bestätigen Sie, dass Sie es sind, um die Forward-Auth-Regel für app.example.com/ zu ändern',
    );
    expect([(await client()).name, (await rule()).pathPrefix], 'nothing is carried out before the confirmation').to.deep.equal(['Grafana', '/']);
  });

  it('creating a client with a group that is gone is refused and leaves no client behind', async () => {
    const before = (await h.useCases.listOidcClients('operator')).length;
    const refused = await post(CLIENTS, admin, { name: 'Wiki', redirect_uris: 'http://localhost:3003/cb', type: 'confidential', [`group_${UNKNOWN}`]: 'yes' });
    expect(refused.status).to.equal(422);
    expect((await h.useCases.listOidcClients('operator')).length, 'no client was created').to.equal(before);
  });
});
