import { expect } from 'chai';
import { AuthAccess } from '../../src/adapters/knex/access/auth-access.js';
import { ScopedAccess } from '../../src/adapters/knex/access/scoped-access.js';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { INVITES, SESSIONS, USERS, type ScopedModel } from '../../src/adapters/knex/models/index.js';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import type { User } from '../../src/core/domain/user.js';
import { aSession, aUser } from '../contract/fixtures.js';
import { countRows } from '../support/db/count-rows.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

// The type system already refuses what these cases try (spec/types/forbidden-snippets.spec.ts);
// these prove the run-time half, for casts and plain JavaScript, and show the SQL a scope runs.
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
      await store.scopes.open(user.id).insertSession(aSession(user.id));
    }
  });
  afterEach(() => temp.cleanup());

  const sqlOf = async (work: () => Promise<unknown>): Promise<{ sql: string; bindings: unknown[] }[]> => {
    const seen: { sql: string; bindings: unknown[] }[] = [];
    const listener = (query: { sql: string; bindings: unknown[] }) => seen.push({ sql: query.sql, bindings: query.bindings });
    temp.db.on('query', listener);
    await work();
    temp.db.off('query', listener);
    return seen;
  };

  it('a scoped read for one user never returns the other user\'s row, and its SQL filters on the user first', async () => {
    const scope = new ScopedAccess(temp.db, ada.id);
    const [query] = await sqlOf(async () => expect((await scope.select(SESSIONS).all()).map((s) => s.userId)).to.deep.equal([ada.id]));
    expect(query?.sql).to.match(/from [`"]sessions[`"] where [`"]sessions[`"]\.[`"]user_id[`"] = (\?|\$1)/);
    expect(query?.bindings[0]).to.equal(toStoredId(ada.id));
  });

  it('an unscoped read on the same table sees both users\' rows (the alarming companion)', async () => {
    const rows = (await temp.db('sessions').select('user_id')) as { user_id: string }[];
    expect(rows.map((row) => row.user_id).sort()).to.deep.equal([toStoredId(ada.id), toStoredId(bob.id)].sort());
  });

  it('hands out no query builder: nothing can be chained onto a scoped read', () => {
    const reader = new ScopedAccess(temp.db, ada.id).select(USERS);
    for (const widening of ['orWhere', 'from', 'join', 'whereRaw', 'clearWhere', 'toSQL']) expect(widening in reader, widening).to.equal(false);
  });

  it('a narrowing that names another user\'s row changes nothing of it', async () => {
    const [bobSession] = await new ScopedAccess(temp.db, bob.id).select(SESSIONS).all();
    const scope = new ScopedAccess(temp.db, ada.id);
    expect(await scope.delete(SESSIONS, (row) => row.where('id', bobSession!.id))).to.equal(0);
    expect(await scope.update(SESSIONS, { userAgent: 'mallory' }, (row) => row.where('tokenHash', bobSession!.tokenHash))).to.equal(0);
    expect(await countRows(temp.db, 'sessions')).to.equal(2);
  });

  it('rejects select() on a model without a user column (invites), even through a cast', () => {
    const invites = INVITES as unknown as ScopedModel<unknown>;
    expect(() => new ScopedAccess(temp.db, ada.id).select(invites)).to.throw(/cannot be read through a user scope/);
  });

  it('the authentication session refuses a lookup that is not on a unique key, even through a cast', () => {
    expect(() => new AuthAccess(temp.db).findBy(SESSIONS, 'userId' as 'id', toStoredId(ada.id))).to.throw(/not a unique key/);
  });
});
