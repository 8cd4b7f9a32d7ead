import { expect } from 'chai';
import type { Knex } from 'knex';
import { engineOf } from '../../src/adapters/knex/connection/engine.js';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import type { DatabaseHarness } from '../support/http/harness.js';
import { adminHarness, login, PASSWORD, registeredMember, type SignedIn } from '../support/http/users.js';

/** A trigger that makes every insert into security_events fail, as a full disk or a bug would. */
const refuseEvents = async (db: Knex): Promise<() => Promise<void>> => {
  if (engineOf(db) === 'sqlite') {
    await db.raw("create trigger refuse_events before insert on security_events begin select raise(abort, 'events refused'); end");
    return async () => void (await db.raw('drop trigger refuse_events'));
  }
  await db.raw("create function refuse_event() returns trigger as $$ begin raise exception 'events refused'; end $$ language plpgsql");
  await db.raw('create trigger refuse_events before insert on security_events for each row execute function refuse_event()');
  return async () => void (await db.raw('drop trigger refuse_events on security_events; drop function refuse_event()'));
};

describe(`no change without its security event (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  let member: SignedIn;
  let admin: SignedIn;
  let allowEvents: () => Promise<void>;
  beforeEach(async () => {
    const started = await adminHarness();
    h = started.h;
    admin = started.admin;
    member = await registeredMember(h, started.admin.email);
    allowEvents = await refuseEvents(h.db);
  });
  afterEach(() => h.close());

  const userRow = async () => (await h.db('users').where('id', toStoredId(member.userId)).first()) as Record<string, unknown>;

  it('a password change whose event cannot be written changes nothing: same hash, same sessions', async () => {
    const [before, sessions] = [await userRow(), await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })];
    const res = await api(h).put('/api/v1/users/me/password').set(asCookie(member)).send({ current_password: PASSWORD, new_password: 'a different long passphrase 9' });
    expect([res.status, res.body.code]).to.deep.equal([500, 'internal_error']);
    expect(await userRow()).to.deep.equal(before);
    expect(await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })).to.equal(sessions);
    await allowEvents();
    expect((await login(h, member.email)).userId, 'the old password still works').to.equal(member.userId);
  });

  it('a token, a rename or a login whose event cannot be written leaves no token, no new name, no session', async () => {
    const sessions = await countRows(h.db, 'sessions');
    const token = await api(h).post('/api/v1/tokens').set(asCookie(member)).send({ name: 'ci' });
    const rename = await api(h).patch('/api/v1/users/me').set(asCookie(member)).send({ display_name: 'Renamed' });
    const signIn = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
    expect([token.status, rename.status, signIn.status]).to.deep.equal([500, 500, 500]);
    expect(await countRows(h.db, 'api_tokens')).to.equal(0);
    expect((await userRow()).display_name).to.equal('Member');
    expect(await countRows(h.db, 'sessions')).to.equal(sessions);
    expect(await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'api_token_created' })).to.equal(0);
  });

  it('an admin disabling, logging out or deleting a user whose event cannot be written changes nothing', async () => {
    const [before, sessions] = [await userRow(), await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })];
    for (const [method, path] of [['post', '/disable'], ['delete', '/sessions'], ['delete', '']] as const) {
      const res = await api(h)[method](`/api/v1/admin/users/${member.userId}${path}`).set(asCookie(admin));
      expect([res.status, res.body.code]).to.deep.equal([500, 'internal_error']);
    }
    expect(await userRow()).to.deep.equal(before);
    expect(await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })).to.equal(sessions);
  });
});
