import { expect } from 'chai';
import { seedAdmin } from '../support/db/seed-admin.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';
import { PASSWORD, sessionCookieOf, uniqueEmail, type SignedIn } from '../support/http/users.js';

describe('HTTP revocation across two server processes on one database (a shared SQLite file by default)', function () {
  this.timeout(60_000);
  let database: TempDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  let email: string;

  before(async function () {
    this.timeout(120_000); // may build dist/ first
    database = await createTempDatabase();
    email = uniqueEmail('multi');
    await seedAdmin(database.url, email, 'Multi');
    [one, two] = await Promise.all([startServerProcess(database.url), startServerProcess(database.url)]);
  });
  after(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.cleanup();
  });

  const loginOn = async (server: ServerProcess): Promise<SignedIn> => {
    const res = await api(server.url).post('/api/v1/auth/login').send({ email, password: PASSWORD });
    expect(res.status).to.equal(200);
    return { email, token: sessionCookieOf(res)!, userId: res.body.id };
  };
  const meOn = (server: ServerProcess, headers: Record<string, string>) => api(server.url).get('/api/v1/users/me').set(headers);

  it('runs two distinct processes', () => {
    expect(one.pid).not.to.equal(two.pid);
    expect(one.url).not.to.equal(two.url);
  });

  it('an API token revoked through one is 401 on the other at the very next request', async () => {
    const session = await loginOn(one);
    const created = await api(one.url).post('/api/v1/tokens').set(asCookie(session)).send({ name: 'shared' });
    expect((await meOn(two, asBearer(created.body.token))).status).to.equal(200);
    expect((await api(one.url).delete(`/api/v1/tokens/${created.body.id}`).set(asCookie(session))).status).to.equal(204);
    const next = await meOn(two, asBearer(created.body.token));
    expect(next.status).to.equal(401);
    expect(next.body.code).to.equal('not_authenticated');
  });

  it('a session revoked through one (DELETE /sessions/{id}) is 401 on the other at the very next request', async () => {
    const actor = await loginOn(one);
    const victim = await loginOn(two);
    const listed = await api(two.url).get('/api/v1/sessions').set(asCookie(victim));
    const victimId = (listed.body as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    expect((await api(one.url).delete(`/api/v1/sessions/${victimId}`).set(asCookie(actor))).status).to.equal(204);
    const next = await meOn(two, asCookie(victim));
    expect(next.status).to.equal(401);
    expect(next.body.code).to.equal('not_authenticated');
    expect((await meOn(two, asCookie(actor))).status).to.equal(200);
  });

  it('revoke-others and logout through the second are honoured by the first at once', async () => {
    const actor = await loginOn(two);
    const victim = await loginOn(one);
    expect((await meOn(one, asCookie(victim))).status).to.equal(200);
    expect((await api(two.url).post('/api/v1/sessions/revoke-others').set(asCookie(actor))).status).to.equal(204);
    expect((await meOn(one, asCookie(victim))).status).to.equal(401);
    expect((await meOn(one, asCookie(actor))).status).to.equal(200);
    expect((await api(two.url).post('/api/v1/auth/logout').set(asCookie(actor))).status).to.equal(204);
    expect((await meOn(one, asCookie(actor))).status).to.equal(401);
  });

  it('a user disabled through one is 401 on the other at the next request, cookie and token alike; enabled, its token works again', async () => {
    const admin = await loginOn(one);
    const invite = await api(one.url).post('/api/v1/invites').set(asCookie(admin)).send({});
    const memberEmail = uniqueEmail('disabled');
    const registered = await api(one.url)
      .post('/api/v1/auth/register')
      .send({ invite_code: invite.body.code, email: memberEmail, password: PASSWORD, display_name: 'Member' });
    const member: SignedIn = { email: memberEmail, token: sessionCookieOf(registered)!, userId: registered.body.id };
    const token = (await api(two.url).post('/api/v1/tokens').set(asCookie(member)).send({ name: 'laptop' })).body.token as string;
    expect((await meOn(two, asCookie(member))).status).to.equal(200);
    expect((await meOn(two, asBearer(token))).status).to.equal(200);

    expect((await api(one.url).post(`/api/v1/admin/users/${member.userId}/disable`).set(asCookie(admin))).status).to.equal(204);
    for (const credential of [asCookie(member), asBearer(token)]) {
      const next = await meOn(two, credential);
      expect(next.status).to.equal(401);
      expect(next.body.code).to.equal('not_authenticated');
    }
    const login = await api(two.url).post('/api/v1/auth/login').send({ email: memberEmail, password: PASSWORD });
    expect([login.status, login.body.code]).to.deep.equal([401, 'invalid_credentials']);

    expect((await api(two.url).post(`/api/v1/admin/users/${member.userId}/enable`).set(asCookie(admin))).status).to.equal(204);
    expect((await meOn(one, asBearer(token))).status).to.equal(200);
    expect((await meOn(one, asCookie(member))).status, 'its sessions ended when it was disabled').to.equal(401);
  });
});
