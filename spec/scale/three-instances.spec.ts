import { expect } from 'chai';
import { ensureBuilt } from '../support/cli/run-cli.js';
import { countRows } from '../support/db/count-rows.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../support/db/temp-postgres-database.js';
import { call, type Reply } from './support/client.js';
import { sampleConnections } from './support/connection-sampler.js';
import { gatehouse, startInstance, type Instance } from './support/instance.js';
import { PASSWORD } from '../support/constants.js';

const INSTANCES = 3;
const REGISTRATIONS = 60;
const MAX_USES = 7;
const POOL_MAX = 4;
const ADMIN = 'ops@example.com';

// A deploy as docs/operations.md ("Running N instances on PostgreSQL") describes it: migrate once, then N `serve --no-migrate` on one database.
describe('three Gatehouse instances on one PostgreSQL database', function () {
  this.timeout(60_000);
  let temp: TempPostgresDatabase;
  let instances: Instance[];
  let replies: Reply[];
  let peakConnections: Record<string, number>;

  const at = (n: number): string => (instances[n % INSTANCES] as Instance).url;
  const successes = (): Reply[] => replies.filter((reply) => reply.status === 201);

  before(async function () {
    this.timeout(180_000); // may build dist/ first
    ensureBuilt();
    temp = await createTempPostgresDatabase({ migrate: false });
    expect((await gatehouse(temp.url, ['migrate', 'latest'])).code).to.equal(0);
    expect((await gatehouse(temp.url, ['create-admin', '--email', ADMIN, '--password-stdin'], PASSWORD)).code).to.equal(0);
    const invite = await gatehouse(temp.url, ['create-invite', '--by', ADMIN, '--max-uses', String(MAX_USES)]);
    expect(invite.code, invite.stderr).to.equal(0);
    instances = await Promise.all(
      Array.from({ length: INSTANCES }, (_, n) =>
        startInstance(temp.url, { SERVICE_DATABASE_POOL_MAX: String(POOL_MAX), PGAPPNAME: `gatehouse-${n}` }),
      ),
    );
    const sampler = sampleConnections(temp.db, temp.name);
    replies = await Promise.all(
      Array.from({ length: REGISTRATIONS }, (_, n) =>
        call(at(n), 'POST', '/auth/register', {}, {
          invite_code: invite.stdout.trim(), email: `racer-${n}@example.com`, password: PASSWORD, display_name: `Racer ${n}`,
        }),
      ),
    );
    peakConnections = await sampler.stop();
  });
  after(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await temp?.cleanup();
  });

  it(`lets exactly ${MAX_USES} of ${REGISTRATIONS} concurrent registrations through; the rest are 409 invite_exhausted, no 5xx`, async () => {
    expect(replies.map((reply) => reply.status).filter((status) => status !== 201 && status !== 409)).to.deep.equal([]);
    expect(successes()).to.have.length(MAX_USES);
    const refused = replies.filter((reply) => reply.status === 409);
    expect(refused.map((reply) => reply.body.code)).to.deep.equal(Array(REGISTRATIONS - MAX_USES).fill('invite_exhausted'));
    expect(await countRows(temp.db, 'users', { role: 'member' })).to.equal(MAX_USES);
    expect(await countRows(temp.db, 'invites', { used_count: MAX_USES })).to.equal(1);
  });

  it(`never holds more than SERVICE_DATABASE_POOL_MAX (${POOL_MAX}) connections per instance under that burst`, () => {
    const perInstance = Array.from({ length: INSTANCES }, (_, n) => peakConnections[`gatehouse-${n}`] ?? 0);
    expect(perInstance.every((peak) => peak >= 1 && peak <= POOL_MAX), JSON.stringify(peakConnections)).to.equal(true);
  });

  it('honours a session created on one instance on every other one', async () => {
    const [created] = successes();
    const mes = await Promise.all(instances.map((instance) => call(instance.url, 'GET', '/users/me', { session: created?.session ?? '' })));
    expect(mes.map((me) => [me.status, me.body.id])).to.deep.equal(Array(INSTANCES).fill([200, created?.body.id]));
  });

  it('refuses, on the others, an API token revoked through one instance at their very next request', async () => {
    const session = successes()[1]?.session ?? '';
    const issued = await call(at(0), 'POST', '/tokens', { session }, { name: 'shared' });
    expect(issued.status).to.equal(201);
    const token = String(issued.body.token);
    const before = await Promise.all([1, 2].map((n) => call(at(n), 'GET', '/users/me', { token })));
    expect(before.map((reply) => reply.status)).to.deep.equal([200, 200]);
    expect((await call(at(0), 'DELETE', `/tokens/${String(issued.body.id)}`, { token })).status).to.equal(204);
    const after = await Promise.all([1, 2].map((n) => call(at(n), 'GET', '/users/me', { token })));
    expect(after.map((reply) => [reply.status, reply.body.code])).to.deep.equal([[401, 'not_authenticated'], [401, 'not_authenticated']]);
  });
});
