import { uuidv7 } from 'uuidv7';
import type { IdGenerator } from '../core/ports/id-generator.js';

export class UuidV7IdGenerator implements IdGenerator {
  next(): string {
    return uuidv7();
  }
}
