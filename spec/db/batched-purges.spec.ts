import { expect } from 'chai';
import type { Knex } from 'knex';
import { KnexEventRetention } from '../../src/adapters/knex/knex-event-retention.js';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { KnexOidcPayloadStore } from '../../src/adapters/knex/oidc/knex-oidc-payload-store.js';
import type { Store } from '../../src/adapters/store.js';
import type { User } from '../../src/core/domain/user.js';
import { aUser, anEvent, at } from '../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const BATCH = 3;
const CUTOFF = at('2026-06-01T00:00:00.000Z');
const MINUTE = 60_000;

/** The delete statements a purge sends, and how many turns of the event loop other work got meanwhile. */
const watch = async (db: Knex, purge: () => Promise<number>): Promise<{ deleted: number; statements: number; turns: number }> => {
  let statements = 0;
  const count = (query: { sql: string }): void => void (/^delete\b/i.test(query.sql) && (statements += 1));
  db.on('query', count);
  // Stands for the requests a purge runs beside: it gets a turn each time the loop is handed back.
  let turns = 0;
  let ticking = true;
  const tick = (): void => void (ticking && (turns += 1, setImmediate(tick)));
  setImmediate(tick);
  try {
    return { deleted: await purge(), statements, turns };
  } finally {
    ticking = false;
    db.off('query', count);
  }
};

/** The security-event retention and the OpenID payload purge, in batches of three rows, on a real database. */
describe(`purges in batches (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  let store: Store;
  let user: User;
  beforeEach(async () => {
    temp = await createTempDatabase();
    store = createKnexStore(temp.db);
    user = aUser();
    await store.auth.insertUser(user);
  });
  afterEach(() => temp.cleanup());

  const eventsAt = async (times: Date[]): Promise<void> => {
    await store.scopes.open(user.id).transaction(async (tx) => {
      for (const createdAt of times) await tx.recordEvent(anEvent(user.id, { createdAt }));
    });
  };
  const trail = async (): Promise<string[]> => (await store.scopes.open(user.id).listEvents({ limit: 100, before: null })).map((e) => e.createdAt.toISOString()).sort();
  const before = (n: number): Date[] => Array.from({ length: n }, (_, i) => new Date(CUTOFF.getTime() - (i + 1) * MINUTE));

  it('deletes exactly the events before the cutoff, three a statement, handing the event loop back between statements', async () => {
    const kept = [CUTOFF, new Date(CUTOFF.getTime() + MINUTE)];
    await eventsAt([...before(10), ...kept]);
    const run = await watch(temp.db, () => new KnexEventRetention(temp.db, BATCH).deleteEventsBefore(CUTOFF));
    expect(run.deleted).to.equal(10);
    expect(run.statements, '3 + 3 + 3 + 1').to.equal(4);
    expect(run.turns, 'a turn between each two statements').to.be.at.least(3);
    expect(await trail()).to.deep.equal(kept.map((d) => d.toISOString()));
  });

  it('stops after the statement that deletes nothing when the expired events are a whole number of batches', async () => {
    await eventsAt([...before(6), CUTOFF]);
    const run = await watch(temp.db, () => new KnexEventRetention(temp.db, BATCH).deleteEventsBefore(CUTOFF));
    expect(run).to.include({ deleted: 6, statements: 3 });
    expect(await trail()).to.deep.equal([CUTOFF.toISOString()]);
  });

  it('runs the event retention and the payload purge by turns when they start together, one statement at a time', async () => {
    const clock = new FixedClock(CUTOFF);
    const payloads = new KnexOidcPayloadStore(temp.db, clock, BATCH);
    for (const [i, expiresAt] of before(7).entries()) await payloads.upsert('AccessToken', `gone-${i}`, { accountId: user.id }, expiresAt);
    await eventsAt(before(7));
    // Each DELETE's start and end, in order: two purges by turns never have two statements open at once.
    const marks: string[] = [];
    const open = new Set<string>();
    const started = (q: { sql: string; __knexQueryUid: string }): void => void (/^delete\b/i.test(q.sql) && (open.add(q.__knexQueryUid), marks.push('start')));
    const ended = (_: unknown, q: { __knexQueryUid: string }): void => void (open.delete(q.__knexQueryUid) && marks.push('end'));
    temp.db.on('query', started).on('query-response', ended);
    try {
      const [events, expired] = await Promise.all([new KnexEventRetention(temp.db, BATCH).deleteEventsBefore(CUTOFF), payloads.purgeExpired(clock.now())]);
      expect([events, expired]).to.deep.equal([7, 7]);
    } finally {
      temp.db.off('query', started).off('query-response', ended);
    }
    expect(marks).to.have.length(12, 'three statements each');
    expect(marks.join(' ')).to.equal(Array.from({ length: 6 }, () => 'start end').join(' '));
  });

  it('purges exactly the OpenID payloads expired by now, three a statement, and keeps the live and the unexpiring', async () => {
    const clock = new FixedClock(CUTOFF);
    const payloads = new KnexOidcPayloadStore(temp.db, clock, BATCH);
    const expired = [...before(6).map((d, i) => ['AccessToken', `gone-${i}`, d] as const), ['RefreshToken', 'gone-now', CUTOFF] as const];
    const live = [['AccessToken', 'live', new Date(CUTOFF.getTime() + MINUTE)] as const, ['Session', 'forever', null] as const];
    for (const [model, id, expiresAt] of [...expired, ...live]) await payloads.upsert(model, id, { accountId: user.id, kind: model }, expiresAt);
    const run = await watch(temp.db, () => payloads.purgeExpired(clock.now()));
    expect(run.deleted).to.equal(7);
    expect(run.statements, '3 + 3 + 1').to.equal(3);
    expect(run.turns, 'a turn between each two statements').to.be.at.least(2);
    const left = (await temp.db('oidc_payloads').count({ n: '*' }).first()) as { n: number | string };
    expect(Number(left.n)).to.equal(2);
    expect(await payloads.find('AccessToken', 'live')).to.deep.equal({ accountId: user.id, kind: 'AccessToken' });
    expect(await payloads.find('Session', 'forever')).to.deep.equal({ accountId: user.id, kind: 'Session' });
  });
});
