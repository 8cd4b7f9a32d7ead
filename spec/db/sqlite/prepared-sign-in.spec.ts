import { expect } from 'chai';
import { signInNewUser } from '../../../src/adapters/sign-in-steps.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import type { UserId } from '../../../src/core/domain/user-id.js';
import type { SignInRecord } from '../../../src/core/ports/user-scopes.js';
import { aSession, aUser, anEvent, anInvite } from '../../contract/fixtures.js';
import { countingPrepares } from '../../support/db/counting-prepares.js';
import type { TempDatabase } from '../../support/db/temp-database.js';
import { createTempSqliteDatabase } from '../../support/db/temp-sqlite-database.js';

/** What knex's transaction and a scope's steps would run, and what the prepared unit runs instead. */
describe("SQLite: a sign-in's writes on statements prepared once", () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempSqliteDatabase()));
  afterEach(() => temp.cleanup());

  const aSignIn = (userId: SignInRecord['session']['userId']): SignInRecord => {
    const session = aSession(userId, { authMethods: ['pwd'] });
    return { userChanges: { lastLoginAt: session.createdAt }, session, event: anEvent(userId, { targetId: session.id }) };
  };
  const statementsOf = async (work: () => Promise<void>): Promise<string[]> => {
    const seen: string[] = [];
    const listen = (query: { sql: string }) => seen.push(query.sql);
    temp.db.on('query', listen);
    try {
      await work();
    } finally {
      temp.db.off('query', listen);
    }
    return seen;
  };

  it("runs the very statements of knex's path, in the same order, in one immediate transaction", async () => {
    const store = createKnexStore(temp.db);
    const user = aUser();
    await store.auth.insertUser(user);
    const scope = store.scopes.open(user.id);
    const prepared = await statementsOf(() => scope.recordSignIn(aSignIn(user.id)));
    // Inside a transaction the scope takes knex's path: the builders' own statements.
    const built = await statementsOf(() => scope.transaction((tx) => tx.recordSignIn(aSignIn(user.id))));
    expect(prepared).to.deep.equal(built);
    expect(prepared[0]).to.equal('BEGIN IMMEDIATE;');
    expect(prepared.at(-1)).to.equal('COMMIT;');
    expect(prepared).to.have.length(7);
  });

  it('prepares each statement once per connection, however many sign-ins', async () => {
    const store = createKnexStore(temp.db);
    const user = aUser();
    await store.auth.insertUser(user);
    const { prepared: prepares } = await countingPrepares(temp);
    await store.scopes.open(user.id).recordSignIn(aSignIn(user.id));
    // BEGIN and COMMIT may already be in the connection's cache (knex's own transactions share it).
    expect(prepares.filter((sql) => !/^(BEGIN|COMMIT)/.test(sql))).to.have.length(5);
    const afterFirst = prepares.length;
    for (let i = 0; i < 3; i++) await store.scopes.open(user.id).recordSignIn(aSignIn(user.id));
    expect(prepares).to.have.length(afterFirst);
  });

  it("runs a registration as knex's path does, statement for statement, in one immediate transaction", async () => {
    const store = createKnexStore(temp.db);
    const admin = aUser({ role: 'admin' });
    await store.auth.insertUser(admin);
    const invite = anInvite(admin.id, { maxUses: 5 });
    await store.scopes.open(admin.id).insertInvite(invite);
    const firstSignIn = (userId: UserId) => ({ ...aSignIn(userId), result: undefined });
    const prepared = await statementsOf(async () => void (await store.auth.redeemInviteSigningIn(invite.id, aUser(), firstSignIn)));
    // redeemInvite with the sign-in through the new user's scope is knex's path (PostgreSQL's).
    const built = await statementsOf(async () => void (await store.auth.redeemInvite(invite.id, aUser(), (scope) => signInNewUser(scope, firstSignIn))));
    expect(prepared).to.deep.equal(built);
    expect(prepared).to.have.length(8);
  });
});
