import type { Knex } from 'knex';
import { databaseConfig } from './src/adapters/knex/connection/connection.js';

// For the knex CLI: the same URL, connection settings and migration list as `gatehouse migrate`.
const config: Knex.Config = databaseConfig(process.env.SERVICE_DATABASE_URL || 'sqlite://./data/gatehouse.sqlite3');

export default config;
