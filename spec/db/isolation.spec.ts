import { expect } from 'chai';
import { AuthAccess } from '../../src/adapters/knex/access/auth-access.js';
import { ScopedAccess } from '../../src/adapters/knex/access/scoped-access.js';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { INVITES, SESSIONS, USERS } from '../../src/adapters/knex/models/index.js';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import type { User } from '../../src/core/domain/user.js';
import { aSession, aUser } from '../contract/fixtures.js';
import { countRows } from '../support/db/count-rows.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

describe(`user isolation (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  let ada: User;
  let bob: User;
  beforeEach(async () => {
    temp = await createTempDatabase();
    const store = createKnexStore(temp.db);
    [ada, bob] = [aUser(), aUser()];
    for (const user of [ada, bob]) {
      await store.auth.insertUser(user);
      await store.auth.insertSession(aSession(user.id));
    }
  });
  afterEach(() => temp.cleanup());

  it('a scoped read for one user never returns the other user\'s row', async () => {
    const rows = await new ScopedAccess(temp.db, ada.id).select(SESSIONS);
    expect(rows.map((row) => row.user_id)).to.deep.equal([toStoredId(ada.id)]);
  });

  it('an unscoped read on the same table sees both users\' rows (the alarming companion)', async () => {
    const rows = (await temp.db('sessions').select('user_id')) as { user_id: string }[];
    expect(rows.map((row) => row.user_id).sort()).to.deep.equal([toStoredId(ada.id), toStoredId(bob.id)].sort());
  });

  it('cannot be widened by chaining an OR onto the scoped query', async () => {
    const rows = await new ScopedAccess(temp.db, ada.id).select(USERS).where('email', ada.email).orWhere('id', toStoredId(bob.id));
    expect(rows.map((row) => row.id)).to.deep.equal([toStoredId(ada.id)]);
  });

  it('scoped updates and deletes stay inside the user even with an OR in the narrowing', async () => {
    const scope = new ScopedAccess(temp.db, ada.id);
    const deleted = await scope.delete(SESSIONS, (query) => query.where('id', 'none').orWhere('user_id', toStoredId(bob.id)));
    expect(deleted).to.equal(0);
    expect(await countRows(temp.db, 'sessions')).to.equal(2);
  });

  it('rejects select() on a model without a user column (invites)', () => {
    expect(() => new ScopedAccess(temp.db, ada.id).select(INVITES)).to.throw(/cannot be read through a user scope/);
  });

  it('the authentication session refuses a lookup that is not on a unique key', () => {
    expect(() => new AuthAccess(temp.db).findBy(SESSIONS, 'user_id', toStoredId(ada.id))).to.throw(/not a unique key/);
  });
});
