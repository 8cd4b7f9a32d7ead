import { expect } from 'chai';
import { composeService, type Service } from '../../src/compose.js';
import { engineOf } from '../../src/adapters/knex/connection/engine.js';
import { rollback, migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { OIDC_CLIENTS } from '../../src/adapters/knex/models/index.js';
import { toClientRow } from '../../src/adapters/knex/oidc/oidc-client-rows.js';
import { toRow } from '../../src/adapters/knex/row-mapping.js';
import { newSigningKeys } from '../../src/core/use-cases/oidc/load-oidc-signing-keys.js';
import { anOidcClient } from '../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { testConfig } from '../support/http/harness.js';

const MIGRATION = '0016_oidc_id_token_algorithm';

/**
 * A database the release before per-client ID token algorithms left behind — clients without the
 * column, an RS256 and an ES256 key — upgraded with no manual step: migrated, then started.
 */
describe(`a database made before per-client ID token algorithms, upgraded (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  let service: Service;
  beforeEach(async () => {
    temp = await createTempDatabase();
    expect(await rollback(temp.db)).to.deep.equal([MIGRATION]);
    service = composeService({ ...testConfig({ SERVICE_DATABASE_URL: temp.url }), databasePoolMax: 2 });
  });
  afterEach(async () => {
    await service.close();
    await temp.cleanup();
  });

  it('keeps every client on RS256 and publishes the RS256 and ES256 keys it had, and no new one', async () => {
    const client = anOidcClient();
    const { id_token_signed_response_alg: _notYet, ...row } = toRow(OIDC_CLIENTS, toClientRow(client), engineOf(temp.db));
    await temp.db(OIDC_CLIENTS.table).insert(row);
    const old = newSigningKeys(service.ports, new Date(), ['RS256', 'ES256']);
    await service.ports.oidcKeys.addWhereMissing(old);

    expect(await migrateLatest(temp.db)).to.deep.equal([MIGRATION]);
    expect((await service.ports.oidcClients.find(client.clientId))?.idTokenAlgorithm).to.equal('RS256');
    const published = (await service.useCases.loadOidcSigningKeys()).map((jwk) => JSON.parse(jwk) as { kid: string; alg: string; crv?: string });
    expect(published.map((key) => [key.alg, key.crv ?? null])).to.deep.equal([['RS256', null], ['ES256', 'P-256']]);
    expect(published.map((key) => key.kid)).to.deep.equal(old.map((key) => key.kid));
    expect(await service.ports.oidcKeys.list()).to.have.length(2);
  });
});
