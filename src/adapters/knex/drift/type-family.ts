import type { LogicalType } from '../models/index.js';
import type { TypeFamily } from './live-schema.js';

const family = (name: string, length: number | null = null): TypeFamily => ({ family: name, length });

export const declaredFamily = (type: LogicalType): TypeFamily => {
  if (type.kind === 'id') return family('string', 32);
  if (type.kind === 'string') return family('string', type.length);
  return family(type.kind);
};

/** SQLite keeps the declared type text as written by the migration (`varchar(32)`, `datetime`). */
export const sqliteFamily = (declared: string): TypeFamily => {
  const type = declared.trim().toLowerCase();
  const varchar = /^(?:varchar|character varying)\((\d+)\)$/.exec(type);
  if (varchar) return family('string', Number(varchar[1]));
  if (type === 'text') return family('text');
  if (type === 'integer' || type === 'int') return family('integer');
  if (type === 'datetime' || type === 'timestamp') return family('timestamp');
  return family(type);
};

export const postgresFamily = (dataType: string, maxLength: number | null): TypeFamily => {
  if (dataType === 'character varying') return family('string', maxLength);
  if (dataType === 'text') return family('text');
  if (dataType === 'integer') return family('integer');
  // A timestamp without time zone is drift: instants must stay timezone-aware (docs/architecture.md).
  if (dataType === 'timestamp with time zone') return family('timestamp');
  return family(dataType);
};

export const describeFamily = (type: TypeFamily): string =>
  type.length === null ? type.family : `${type.family}(${type.length})`;
