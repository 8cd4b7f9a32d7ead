import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { storedId } from '../support/http/rows.js';
import { createToken, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';

const CLIENTS = '/api/v1/admin/oidc/clients';
const GRAFANA = { name: 'Grafana', type: 'confidential', redirect_uris: ['https://grafana.example.com/login/generic_oauth'] };

describe('HTTP OpenID clients: /api/v1/admin/oidc/clients', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  beforeEach(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  afterEach(() => h.close());

  const create = (body: unknown, who = admin) => api(h).post(CLIENTS).set(asCookie(who)).send(body as object);
  const eventsOf = (type: string) => countRows(h.db, 'security_events', { type });

  it('creates a confidential client: 201 OidcClientOut with the secret once; only its SHA-256 is stored; the event names the client', async () => {
    const res = await create({ ...GRAFANA, post_logout_redirect_uris: ['https://grafana.example.com/'] });
    expect(res.status).to.equal(201);
    const { client_id, client_secret, created_at, ...rest } = res.body;
    expect(rest).to.deep.equal({
      name: 'Grafana',
      type: 'confidential',
      redirect_uris: GRAFANA.redirect_uris,
      post_logout_redirect_uris: ['https://grafana.example.com/'],
      skip_consent: false,
      require_pkce: true,
      allowed_groups: [],
      require_mfa: false,
      introspect: false,
      device: false,
      application_type: 'web',
      allowed_origins: [],
      backchannel_logout_uri: null,
      id_token_signed_response_alg: 'RS256',
    });
    expect(client_id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(client_secret).to.match(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(new Date(created_at).toISOString()).to.equal(created_at);
    const row = await h.db('oidc_clients').where({ client_id }).first();
    expect(row.secret_hash).to.equal(createHash('sha256').update(client_secret).digest('hex'));
    expect(JSON.stringify(row)).not.to.include(client_secret);
    const event = await h.db('security_events').where({ type: 'oidc_client_created' }).first();
    expect([event.user_id, event.actor, event.target_id]).to.deep.equal([storedId(admin.userId), 'admin', storedId(client_id)]);
    const read = await api(h).get(`${CLIENTS}/${client_id}`).set(asCookie(admin));
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal({ client_id, created_at, ...rest });
  });

  it('creates a public client without a secret; skip_consent and loopback http are accepted', async () => {
    const res = await create({ name: 'CLI', type: 'public', redirect_uris: ['http://127.0.0.1:8400/callback'], skip_consent: true });
    expect(res.status).to.equal(201);
    expect(res.body).not.to.have.property('client_secret');
    expect([res.body.skip_consent, res.body.require_pkce]).to.deep.equal([true, true]);
    expect((await h.db('oidc_clients').where({ client_id: res.body.client_id }).first()).secret_hash).to.equal(null);
  });

  it('takes application_type and allowed_origins (a public web client\'s exact origins); PATCH changes them; the rest is 422 and writes nothing', async () => {
    const native = await create({ name: 'Desktop', type: 'public', application_type: 'native', redirect_uris: ['http://127.0.0.1/callback'] });
    expect(native.status).to.equal(201);
    expect([native.body.application_type, native.body.allowed_origins]).to.deep.equal(['native', []]);
    const spa = await create({ name: 'Board', type: 'public', redirect_uris: ['https://board.example.com/cb'], allowed_origins: ['https://board.example.com'] });
    expect(spa.status).to.equal(201);
    expect([spa.body.application_type, spa.body.allowed_origins]).to.deep.equal(['web', ['https://board.example.com']]);
    const patched = await api(h).patch(`${CLIENTS}/${spa.body.client_id}`).set(asCookie(admin)).send({ allowed_origins: ['https://board.example.com', 'http://localhost:5173'] });
    expect(patched.status).to.equal(200);
    expect(patched.body.allowed_origins).to.deep.equal(['https://board.example.com', 'http://localhost:5173']);
    expect((await api(h).get(`${CLIENTS}/${spa.body.client_id}`).set(asCookie(admin))).body.allowed_origins).to.deep.equal(['https://board.example.com', 'http://localhost:5173']);
    const before = await countRows(h.db, 'oidc_clients');
    const refused = {
      confidential: await create({ ...GRAFANA, allowed_origins: ['https://grafana.example.com'] }),
      native: await create({ name: 'D', type: 'public', application_type: 'native', redirect_uris: ['http://127.0.0.1/cb'], allowed_origins: ['https://d.example.com'] }),
      withPath: await create({ name: 'B', type: 'public', redirect_uris: ['https://b.example.com/cb'], allowed_origins: ['https://b.example.com/'] }),
      unknownType: await create({ name: 'B', type: 'public', application_type: 'desktop', redirect_uris: ['https://b.example.com/cb'] }),
      nativeOnTheWeb: await create({ name: 'D', type: 'public', application_type: 'native', redirect_uris: ['http://d.example.com/cb'] }),
      patchToNative: await api(h).patch(`${CLIENTS}/${spa.body.client_id}`).set(asCookie(admin)).send({ application_type: 'native' }),
    };
    for (const [what, res] of Object.entries(refused)) {
      expect(res.status, what).to.equal(422);
      expect(res.body.code, what).to.equal('validation_failed');
      expect(JSON.stringify(res.body), what).not.to.include('example.com');
    }
    expect(await countRows(h.db, 'oidc_clients')).to.equal(before);
    expect((await api(h).get(`${CLIENTS}/${spa.body.client_id}`).set(asCookie(admin))).body.application_type).to.equal('web');
  });

  it('takes backchannel_logout_uri; PATCH sets and clears it; a URI that is not http(s), or has a fragment, is 422 and writes nothing', async () => {
    const res = await create({ ...GRAFANA, backchannel_logout_uri: 'http://127.0.0.1:9000/logout' });
    expect(res.status).to.equal(201);
    expect(res.body.backchannel_logout_uri).to.equal('http://127.0.0.1:9000/logout');
    const path = `${CLIENTS}/${res.body.client_id}`;
    expect((await api(h).patch(path).set(asCookie(admin)).send({ backchannel_logout_uri: 'https://grafana.example.com/logout' })).body.backchannel_logout_uri).to.equal('https://grafana.example.com/logout');
    expect((await api(h).get(path).set(asCookie(admin))).body.backchannel_logout_uri).to.equal('https://grafana.example.com/logout');
    expect((await api(h).patch(path).set(asCookie(admin)).send({ backchannel_logout_uri: null })).body.backchannel_logout_uri).to.equal(null);
    for (const uri of ['ftp://grafana.example.com/logout', 'https://grafana.example.com/logout#x', 'relative/path']) {
      const refused = await create({ ...GRAFANA, backchannel_logout_uri: uri });
      expect(refused.status, uri).to.equal(422);
      expect(refused.body.errors[0].loc).to.deep.equal(['body', 'backchannel_logout_uri']);
      expect(JSON.stringify(refused.body)).to.not.include(uri);
    }
    expect(await countRows(h.db, 'oidc_clients')).to.equal(1);
  });

  it('takes id_token_signed_response_alg (RS256 unless given, or ES256); PATCH changes it; any other value is 422 and writes nothing', async () => {
    const ec = await create({ ...GRAFANA, id_token_signed_response_alg: 'ES256' });
    expect([ec.status, ec.body.id_token_signed_response_alg]).to.deep.equal([201, 'ES256']);
    const path = `${CLIENTS}/${ec.body.client_id}`;
    const patched = await api(h).patch(path).set(asCookie(admin)).send({ id_token_signed_response_alg: 'RS256' });
    expect([patched.status, patched.body.id_token_signed_response_alg]).to.deep.equal([200, 'RS256']);
    expect((await api(h).get(path).set(asCookie(admin))).body.id_token_signed_response_alg).to.equal('RS256');
    expect((await h.db('oidc_clients').where({ client_id: ec.body.client_id }).first()).id_token_signed_response_alg).to.equal('RS256');
    for (const alg of ['HS256', 'none', 'EdDSA', 'Ed25519', 'rs256', 'PS256', 7]) {
      const refused = await create({ ...GRAFANA, id_token_signed_response_alg: alg });
      expect([refused.status, refused.body.code, refused.body.errors[0].loc], String(alg)).to.deep.equal([422, 'validation_failed', ['body', 'id_token_signed_response_alg']]);
      const unchanged = await api(h).patch(path).set(asCookie(admin)).send({ id_token_signed_response_alg: alg, name: 'Renamed' });
      expect([unchanged.status, unchanged.body.errors[0].loc], String(alg)).to.deep.equal([422, ['body', 'id_token_signed_response_alg']]);
      expect(JSON.stringify([refused.body, unchanged.body])).to.not.include(`"${alg}"`);
    }
    expect(await countRows(h.db, 'oidc_clients')).to.equal(1);
    expect(await eventsOf('oidc_client_created')).to.equal(1);
    expect((await api(h).get(path).set(asCookie(admin))).body).to.include({ name: 'Grafana', id_token_signed_response_alg: 'RS256' });
  });

  it('lets a confidential client go without PKCE, never a public one', async () => {
    expect((await create({ ...GRAFANA, require_pkce: false })).body.require_pkce).to.equal(false);
    const refused = await create({ ...GRAFANA, type: 'public', require_pkce: false });
    expect([refused.status, refused.body.errors]).to.deep.equal([422, [{ loc: ['body', 'require_pkce'], msg: 'may be false only for a confidential client' }]]);
  });

  it('refuses invalid bodies with 422 and the field, and writes nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{ ...GRAFANA, name: '' }, ['body', 'name']],
      [{ ...GRAFANA, name: 'x'.repeat(101) }, ['body', 'name']],
      [{ ...GRAFANA, type: 'secret' }, ['body', 'type']],
      [{ ...GRAFANA, redirect_uris: [] }, ['body', 'redirect_uris']],
      [{ ...GRAFANA, redirect_uris: 'https://a.example.com/' }, ['body', 'redirect_uris']],
      [{ ...GRAFANA, redirect_uris: ['/relative'] }, ['body', 'redirect_uris', '0']],
      [{ ...GRAFANA, redirect_uris: ['https://a.example.com/cb#frag'] }, ['body', 'redirect_uris', '0']],
      [{ ...GRAFANA, redirect_uris: ['javascript:alert(1)'] }, ['body', 'redirect_uris', '0']],
      [{ ...GRAFANA, post_logout_redirect_uris: ['ftp://a.example.com/'] }, ['body', 'post_logout_redirect_uris', '0']],
      [{ ...GRAFANA, skip_consent: 'yes' }, ['body', 'skip_consent']],
      [{ ...GRAFANA, extra: 1 }, ['body', 'extra']],
      [{ name: 'No URIs', type: 'public' }, ['body', 'redirect_uris']],
    ];
    for (const [body, loc] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body.errors.map((e: { loc: string[] }) => e.loc), JSON.stringify(body)).to.deep.include(loc);
    }
    expect(await countRows(h.db, 'oidc_clients')).to.equal(0);
    expect(await eventsOf('oidc_client_created')).to.equal(0);
  });

  it('in production refuses plain http but to a loopback address (RFC 8252)', async () => {
    const production = await startHarness({ SERVICE_ENVIRONMENT: 'production', SERVICE_PUBLIC_URL: 'https://id.example.com', SERVICE_SECRET_KEY: 'a-production-secret-key-0123456789abcdef' });
    try {
      const useCases = production.useCases;
      for (const uri of ['http://127.0.0.1:9000/cb', 'http://[::1]:9000/cb', 'http://localhost:9000/cb', 'https://app.example.com/cb']) {
        expect((await useCases.createOidcClientAsOperator({ name: 'Native', type: 'public', redirect_uris: [uri] })).client.redirectUris).to.deep.equal([uri]);
      }
      const refused = await useCases.createOidcClientAsOperator({ name: 'Plain', type: 'public', redirect_uris: ['http://app.example.com/cb'] }).catch((e: { code: string; problems: unknown }) => e);
      expect(refused).to.deep.include({ code: 'validation_failed', problems: [{ loc: ['redirect_uris', '0'], msg: 'must be https (http only to a loopback address)' }] });
      // Gatehouse's server calls it: no loopback exception in production.
      const loopback = await useCases.createOidcClientAsOperator({ ...GRAFANA, backchannel_logout_uri: 'http://127.0.0.1:9000/logout' }).catch((e: { code: string; problems: unknown }) => e);
      expect(loopback).to.deep.include({ code: 'validation_failed', problems: [{ loc: ['backchannel_logout_uri'], msg: 'must be https' }] });
    } finally {
      await production.close();
    }
  });

  it('lists newest first and deletes: 204, the client\'s grants and tokens go with it, the event is written', async () => {
    const first = (await create({ ...GRAFANA, name: 'First' })).body;
    const second = (await create({ ...GRAFANA, name: 'Second' })).body;
    const list = await api(h).get(CLIENTS).set(asCookie(admin));
    expect(list.body.map((c: { name: string }) => c.name)).to.deep.equal(['Second', 'First']);
    expect(list.body[0]).not.to.have.property('client_secret');
    const member = await registeredMember(h, admin.email);
    await h.service.ports.oidcPayloads.upsert('RefreshToken', 'r1', { accountId: member.userId, clientId: first.client_id, grantId: 'g' }, null);
    const deleted = await api(h).delete(`${CLIENTS}/${first.client_id}`).set(asCookie(admin));
    expect(deleted.status).to.equal(204);
    expect(await countRows(h.db, 'oidc_payloads')).to.equal(0);
    expect(await eventsOf('oidc_client_deleted')).to.equal(1);
    expect((await api(h).get(`${CLIENTS}/${first.client_id}`).set(asCookie(admin))).status).to.equal(404);
    const again = await api(h).delete(`${CLIENTS}/${first.client_id}`).set(asCookie(admin));
    expect([again.status, again.body.code]).to.deep.equal([404, 'not_found']);
    expect(await eventsOf('oidc_client_deleted'), 'no change, no event').to.equal(1);
    expect((await api(h).get(`${CLIENTS}/${second.client_id}`).set(asCookie(admin))).status).to.equal(200);
  });

  it('refuses a member (403) and an admin token for changes (403), writing nothing; an admin token reads', async () => {
    const member = await registeredMember(h, admin.email);
    expect((await create(GRAFANA, member)).body.code).to.equal('forbidden');
    expect((await api(h).get(CLIENTS).set(asCookie(member))).status).to.equal(403);
    const token = await createToken(h, admin);
    const byToken = await api(h).post(CLIENTS).set(asBearer(token)).send(GRAFANA);
    expect([byToken.status, byToken.body.code]).to.deep.equal([403, 'forbidden']);
    expect(await countRows(h.db, 'oidc_clients')).to.equal(0);
    expect(await eventsOf('oidc_client_created')).to.equal(0);
    expect((await api(h).get(CLIENTS).set(asBearer(token))).status).to.equal(200);
    expect((await api(h).get(CLIENTS)).status).to.equal(401);
  });
});
