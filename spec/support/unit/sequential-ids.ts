import type { IdGenerator } from '../../../src/core/ports/id-generator.js';

/** UUIDv7-shaped ids in creation order, so assertions can name them. */
export class SequentialIds implements IdGenerator {
  private counter = 0;

  next(): string {
    this.counter += 1;
    const tail = this.counter.toString(16).padStart(12, '0');
    return `01900000-0000-7000-8000-${tail}`;
  }
}
