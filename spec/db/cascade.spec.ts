import { expect } from 'chai';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { aSession, aUser, anApiToken, anEvent, anInvite } from '../contract/fixtures.js';
import { countRows } from '../support/db/count-rows.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

describe(`cascade on user deletion (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  const countOwnedBy = async (userId: string): Promise<Record<string, number>> => {
    const id = toStoredId(userId);
    return {
      users: await countRows(temp.db, 'users', { id }),
      sessions: await countRows(temp.db, 'sessions', { user_id: id }),
      api_tokens: await countRows(temp.db, 'api_tokens', { user_id: id }),
      invites: await countRows(temp.db, 'invites', { created_by: id }),
      security_events: await countRows(temp.db, 'security_events', { user_id: id }),
      acted_in: await countRows(temp.db, 'security_events', { actor_id: id }),
    };
  };

  it('removes the user\'s sessions, API tokens, invites and trail, forgets it as an actor, and keeps everything of another user', async () => {
    const store = createKnexStore(temp.db);
    const [ada, bob] = [aUser(), aUser()];
    for (const user of [ada, bob]) {
      await store.auth.insertUser(user);
      await store.scopes.open(user.id).insertSession(aSession(user.id));
      await store.scopes.open(user.id).insertApiToken(anApiToken(user.id));
      await store.scopes.open(user.id).insertInvite(anInvite(user.id));
      await store.scopes.open(user.id).recordEvent(anEvent(user.id));
    }
    await store.scopes.open(bob.id).recordEvent(anEvent(bob.id, { actor: 'admin', actorId: ada.id }));
    const everything = { users: 1, sessions: 1, api_tokens: 1, invites: 1, security_events: 1, acted_in: 0 };
    expect(await countOwnedBy(ada.id)).to.deep.equal({ ...everything, acted_in: 1 });
    await temp.db('users').where('id', toStoredId(ada.id)).delete();
    expect(await countOwnedBy(ada.id)).to.deep.equal({ users: 0, sessions: 0, api_tokens: 0, invites: 0, security_events: 0, acted_in: 0 });
    expect(await countOwnedBy(bob.id)).to.deep.equal({ ...everything, security_events: 2 });
  });
});
