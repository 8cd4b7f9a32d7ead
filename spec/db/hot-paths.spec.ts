import { expect } from 'chai';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { aSession, aUser, anApiToken } from '../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

describe(`authentication hot paths (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  const queriesDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
    const seen: string[] = [];
    const listener = (query: { sql: string }) => seen.push(query.sql);
    temp.db.on('query', listener);
    await work();
    temp.db.off('query', listener);
    return seen;
  };

  it('finds a session or an API token with its user in a single joined query', async () => {
    const store = createKnexStore(temp.db);
    const user = aUser();
    const [session, token] = [aSession(user.id), anApiToken(user.id)];
    await store.auth.insertUser(user);
    await store.scopes.open(session.userId).insertSession(session);
    await store.scopes.open(user.id).insertApiToken(token);
    const sessionSql = await queriesDuring(() => store.auth.findSessionByTokenHash(session.tokenHash));
    const tokenSql = await queriesDuring(() => store.auth.findApiTokenByTokenHash(token.tokenHash));
    expect([sessionSql.length, tokenSql.length]).to.deep.equal([1, 1]);
    expect(sessionSql[0]).to.match(/join [`"]users[`"]/);
  });
});
