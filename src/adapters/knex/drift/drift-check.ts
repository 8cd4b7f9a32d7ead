import type { Knex } from 'knex';
import { diffSchema } from './diff-schema.js';
import { readPostgresSchema } from './postgres-schema.js';
import { readSqliteSchema } from './sqlite-schema.js';
import { engineOf } from '../connection/engine.js';
import { MODELS, type SchemaModel } from '../models/index.js';

/** Compares the declared models with the migrated schema; human-readable differences, [] when none. */
export async function checkDrift(db: Knex, models: readonly SchemaModel[] = MODELS): Promise<string[]> {
  const live = engineOf(db) === 'sqlite' ? await readSqliteSchema(db) : await readPostgresSchema(db);
  return diffSchema(models, live);
}
