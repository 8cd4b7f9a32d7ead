import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { signedInAdmin, type SignedIn } from '../support/http/users.js';

const CLIENTS = '/api/v1/admin/oidc/clients';
const GATEWAY = { name: 'API gateway', type: 'confidential', redirect_uris: ['https://api.example.com/cb'] };

describe(`HTTP OpenID clients: introspect and device, in POST, PATCH and OidcClientOut (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  beforeEach(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  afterEach(() => h.close());

  it('both default to false; POST sets them; PATCH changes one and keeps the other; GET reads what PATCH answered', async () => {
    const plain = await api(h).post(CLIENTS).set(asCookie(admin)).send(GATEWAY);
    expect(plain.body).to.include({ introspect: false, device: false });
    const created = await api(h).post(CLIENTS).set(asCookie(admin)).send({ ...GATEWAY, introspect: true, device: true });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ introspect: true, device: true });
    const id = created.body.client_id as string;
    const patched = await api(h).patch(`${CLIENTS}/${id}`).set(asCookie(admin)).send({ device: false });
    expect(patched.status).to.equal(200);
    expect(patched.body).to.include({ introspect: true, device: false });
    expect((await api(h).get(`${CLIENTS}/${id}`).set(asCookie(admin))).body).to.deep.equal(patched.body);
  });

  it('a public client never introspects: 422 on POST and on PATCH, nothing written', async () => {
    const before = await countRows(h.db, 'oidc_clients');
    const refused = await api(h).post(CLIENTS).set(asCookie(admin)).send({ ...GATEWAY, type: 'public', introspect: true });
    expect([refused.status, refused.body.code]).to.deep.equal([422, 'validation_failed']);
    expect(JSON.stringify(refused.body.errors)).to.include('introspect');
    expect(await countRows(h.db, 'oidc_clients')).to.equal(before);
    const spa = await api(h).post(CLIENTS).set(asCookie(admin)).send({ ...GATEWAY, type: 'public', device: true });
    expect(spa.body).to.include({ type: 'public', device: true, introspect: false });
    const patch = await api(h).patch(`${CLIENTS}/${spa.body.client_id as string}`).set(asCookie(admin)).send({ introspect: true });
    expect([patch.status, patch.body.code]).to.deep.equal([422, 'validation_failed']);
    expect((await api(h).get(`${CLIENTS}/${spa.body.client_id as string}`).set(asCookie(admin))).body).to.include({ introspect: false });
  });

  it('refuses a value that is not a boolean (422)', async () => {
    const refused = await api(h).post(CLIENTS).set(asCookie(admin)).send({ ...GATEWAY, device: 'yes' });
    expect([refused.status, refused.body.code]).to.deep.equal([422, 'validation_failed']);
  });
});
