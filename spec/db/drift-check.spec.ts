import { expect } from 'chai';
import { checkDrift } from '../../src/adapters/knex/drift/drift-check.js';
import { MODELS, SESSIONS_TABLE, USERS, type SchemaModel } from '../../src/adapters/knex/models/index.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

const replacing = (model: SchemaModel, changed: Partial<SchemaModel>): SchemaModel[] =>
  MODELS.map((m) => (m.table === model.table ? { ...m, ...changed } : m));

describe(`drift check (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  it('reports no difference between the models and the migrated schema', async () => {
    expect(await checkDrift(temp.db)).to.deep.equal([]);
  });

  it('reports a column a model declares but the schema lacks', async () => {
    const extra = { name: 'nickname', field: 'nickname', type: { kind: 'text' as const }, nullable: true };
    const models = replacing(USERS, { columns: [...USERS.columns, extra] });
    expect(await checkDrift(temp.db, models)).to.deep.equal(['users.nickname: column missing from the database']);
  });

  it('reports a type, nullability or key that disagrees with the schema', async () => {
    const columns = USERS.columns.map((c) =>
      c.name === 'email' ? { ...c, type: { kind: 'string' as const, length: 100 }, nullable: true, unique: false } : c,
    );
    expect(await checkDrift(temp.db, replacing(USERS, { columns }))).to.deep.equal([
      'users.email: type is string(254) in the database, string(100) in the model',
      'users.email: not null in the database, nullable in the model',
      'users.email: unique key differs (database: true)',
    ]);
  });

  it('reports a foreign key the schema lacks', async () => {
    const columns = SESSIONS_TABLE.columns.map(({ references: _dropped, ...c }) => c);
    expect(await checkDrift(temp.db, replacing(SESSIONS_TABLE, { columns }))).to.deep.equal([
      'sessions.user_id: references users.id on delete CASCADE in the database, no foreign key in the model',
    ]);
  });

  it('reports tables and columns added to the schema behind the models\' back', async () => {
    await temp.db.schema.alterTable('sessions', (table) => table.string('ip_address', 45));
    await temp.db.schema.createTable('audit_log', (table) => table.increments('id'));
    expect(await checkDrift(temp.db)).to.deep.equal([
      'sessions.ip_address: column in the database but not in the model',
      'audit_log: table in the database but not in the models',
    ]);
  });

  it('reports a table the models declare but the schema lacks', async () => {
    await temp.db.schema.dropTable('api_tokens');
    expect(await checkDrift(temp.db)).to.deep.equal(['api_tokens: table missing from the database']);
  });
});
