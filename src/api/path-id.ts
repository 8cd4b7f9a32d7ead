import type { Request } from 'express';
import { DomainError } from '../core/domain/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names nothing: 404, without asking the core. */
export const pathId = (req: Request): string => {
  const id = req.params.id;
  if (typeof id !== 'string' || !UUID.test(id)) throw new DomainError('not_found');
  return id.toLowerCase();
};
