import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { storedId } from '../support/http/rows.js';
import { registeredMember, signedInAdmin, stepUpWithPassword, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('HTTP API token lifecycle, on an injected clock', () => {
  const clock = new FixedClock(new Date());
  let h: DatabaseHarness;
  let member: SignedIn;

  before(async () => {
    h = await startHarness({}, { clock });
    member = await registeredMember(h, (await signedInAdmin(h)).email);
  });
  after(() => h.close());

  // The clock moves between cases, so each creation first renews the session's proof of identity.
  const create = async (body: Record<string, unknown>) => {
    expect((await stepUpWithPassword(h, member)).status).to.equal(204);
    const res = await api(h).post('/api/v1/tokens').set(asCookie(member)).send(body);
    expect(res.status).to.equal(201);
    return res.body as { id: string; token: string; expires_at: string | null };
  };
  const me = (token: string) => api(h).get('/api/v1/users/me').set(asBearer(token));
  const lastUsed = async (id: string) =>
    ((await api(h).get('/api/v1/tokens').set(asCookie(member))).body as { id: string; last_used_at: string | null }[]).find((t) => t.id === id)!.last_used_at;

  it('created → works → last_used_at set (one write a minute) → revoked → 401', async () => {
    const created = await create({ name: 'lifecycle' });
    expect(await lastUsed(created.id)).to.equal(null);
    const usedAt = clock.now().toISOString();
    expect((await me(created.token)).status).to.equal(200);
    expect(await lastUsed(created.id)).to.equal(usedAt);
    clock.advance(30_000);
    expect((await me(created.token)).status).to.equal(200);
    expect(await lastUsed(created.id), 'coalesced within the minute').to.equal(usedAt);
    clock.advance(MINUTE);
    expect((await me(created.token)).status).to.equal(200);
    expect(await lastUsed(created.id)).to.equal(clock.now().toISOString());

    expect((await api(h).delete(`/api/v1/tokens/${created.id}`).set(asCookie(member))).status).to.equal(204);
    const after = await me(created.token);
    expect(after.status).to.equal(401);
    expect(after.body.code).to.equal('not_authenticated');
  });

  it('works until expires_at and is 401 not_authenticated from that instant on', async () => {
    const created = await create({ name: 'short-lived', expires_in_days: 1 });
    expect(Date.parse(created.expires_at!)).to.equal(clock.now().getTime() + DAY);
    clock.advance(DAY - 1);
    expect((await me(created.token)).status).to.equal(200);
    clock.advance(1);
    const expired = await me(created.token);
    expect(expired.status).to.equal(401);
    expect(expired.body.code).to.equal('not_authenticated');
  });

  it('stores only the SHA-256 of the whole token: the secret appears nowhere in its row', async () => {
    const created = await create({ name: 'stored' });
    const row = (await h.db('api_tokens').where('id', storedId(created.id)).first()) as Record<string, unknown>;
    expect(row.token_hash).to.equal(createHash('sha256').update(created.token).digest('hex'));
    const stored = JSON.stringify(row);
    expect(stored).not.to.include(created.token);
    expect(stored).not.to.include(created.token.slice('gh_pat_'.length));
    expect(Object.values(row).filter((value) => typeof value === 'string' && value.startsWith('gh_pat_'))).to.deep.equal([]);
  });
});
