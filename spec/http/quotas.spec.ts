import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { API_TOKENS_PER_USER, SESSIONS_PER_USER } from '../../src/core/domain/quotas.js';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { aSession, anApiToken, asUserId } from '../contract/fixtures.js';
import { countRows } from '../support/db/count-rows.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import type { DatabaseHarness } from '../support/http/harness.js';
import { adminHarness, registeredMember, type SignedIn } from '../support/http/users.js';
import { PASSWORD } from '../support/constants.js';

describe(`HTTP per-user quotas (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  let member: SignedIn;
  beforeEach(async () => {
    const started = await adminHarness();
    h = started.h;
    member = await registeredMember(h, started.admin.email);
  });
  afterEach(() => h.close());

  /** Rows seeded straight through the member's scope: a hundred logins over HTTP would only cost time. */
  const memberScope = () => createKnexStore(h.db).scopes.open(asUserId(member.userId));

  it(`refuses the ${API_TOKENS_PER_USER + 1}st API token with 409 quota_exceeded, exactly, even when requests race`, async () => {
    const store = memberScope();
    for (let i = 0; i < API_TOKENS_PER_USER - 1; i++) await store.insertApiToken(anApiToken(store.userId));
    const racing = await Promise.all(Array.from({ length: 5 }, () => api(h).post('/api/v1/tokens').set(asCookie(member)).send({ name: 'ci' })));
    expect(racing.map((res) => res.status).sort()).to.deep.equal([201, 409, 409, 409, 409]);
    expect(racing.filter((res) => res.status === 409).map((res) => res.body.code)).to.deep.equal(Array(4).fill('quota_exceeded'));
    expect(await countRows(h.db, 'api_tokens', { user_id: toStoredId(member.userId) })).to.equal(API_TOKENS_PER_USER);
  });

  it(`keeps ${SESSIONS_PER_USER} sessions: a new login ends the least recently seen one`, async () => {
    const store = memberScope();
    const stale = aSession(store.userId, { lastSeenAt: new Date('2026-01-01T00:00:00.000Z') });
    await store.insertSession(stale);
    for (let i = 0; i < SESSIONS_PER_USER - 2; i++) await store.insertSession(aSession(store.userId, { lastSeenAt: new Date() }));
    expect(await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })).to.equal(SESSIONS_PER_USER);
    const res = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
    expect(res.status).to.equal(200);
    expect(await countRows(h.db, 'sessions', { user_id: toStoredId(member.userId) })).to.equal(SESSIONS_PER_USER);
    expect(await countRows(h.db, 'sessions', { id: toStoredId(stale.id) })).to.equal(0);
    expect((await api(h).get('/api/v1/users/me').set(asCookie(member))).status, 'the session in use is not the one ended').to.equal(200);
  });
});
