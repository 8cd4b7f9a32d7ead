import { expect } from 'chai';
import { MIGRATION_SOURCE } from '../../src/adapters/knex/migrations/migration-source.js';
import { migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { startHarness, testConfig, withService, type DatabaseHarness } from '../support/http/harness.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';
import { stubUseCases } from '../support/http/stub-use-cases.js';

const OK = { status: 'ok' };
const UNAVAILABLE = { status: 'unavailable' };

describe(`HTTP probes: /livez and /readyz (${ENGINE_LABEL})`, () => {
  describe('on a migrated database', () => {
    let h: DatabaseHarness;
    before(async () => {
      h = await startHarness();
    });
    after(() => h.close());

    it('GET /livez answers 200 {"status":"ok"}', async () => {
      const res = await api(h).get('/api/v1/livez');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(OK);
    });

    it('GET /readyz answers 200 {"status":"ok"}', async () => {
      const res = await api(h).get('/api/v1/readyz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(OK);
    });
  });

  it('/livez asks the core nothing: it answers while every use case throws', async () => {
    const h = withService({ useCases: stubUseCases({}) }, testConfig());
    const res = await api(h).get('/api/v1/livez');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(OK);
  });

  it('/readyz answers 503 when the readiness check throws, with a fixed body', async () => {
    const h = withService({ useCases: stubUseCases({ checkReadiness: () => Promise.reject(new Error('secret detail')) }) }, testConfig());
    const res = await api(h).get('/api/v1/readyz');
    expect(res.status).to.equal(503);
    expect(res.body).to.deep.equal(UNAVAILABLE);
  });

  it('with the database gone: /livez 200, /readyz and /healthz 503', async () => {
    const h = await startHarness();
    await h.close(); // closes the service's pool: nothing left to reach
    expect((await api(h).get('/api/v1/livez')).status).to.equal(200);
    const ready = await api(h).get('/api/v1/readyz');
    expect(ready.status).to.equal(503);
    expect(ready.body).to.deep.equal(UNAVAILABLE);
    expect((await api(h).get('/api/v1/healthz')).status).to.equal(503);
  });

  describe('`gatehouse serve --no-migrate` on a schema one migration behind', function () {
    this.timeout(60_000);
    let database: TempDatabase;
    let server: ServerProcess;
    before(async function () {
      this.timeout(120_000); // may build dist/ first
      database = await createTempDatabase({ migrate: false });
      await database.db.migrate.up({ migrationSource: MIGRATION_SOURCE }); // the first migration only
      server = await startServerProcess(database.url);
    });
    after(async () => {
      await server?.stop();
      await database?.cleanup();
    });

    it('is alive and healthy but not ready, then ready once the migration job has run', async () => {
      expect((await api(server.url).get('/api/v1/livez')).status).to.equal(200);
      expect((await api(server.url).get('/api/v1/healthz')).status).to.equal(200);
      const behind = await api(server.url).get('/api/v1/readyz');
      expect(behind.status).to.equal(503);
      expect(behind.body).to.deep.equal(UNAVAILABLE);

      expect(await migrateLatest(database.db)).to.have.length.greaterThan(0);
      const ready = await api(server.url).get('/api/v1/readyz');
      expect(ready.status).to.equal(200);
      expect(ready.body).to.deep.equal(OK);
    });
  });
});
