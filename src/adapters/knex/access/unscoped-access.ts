import type { Knex } from 'knex';

/** The unscoped session of SPEC §5. It sees every row, so it offers nothing that reads a table. */
export class UnscopedAccess {
  constructor(private readonly db: Knex) {}

  async ping(): Promise<boolean> {
    try {
      await this.db.raw('select 1');
      return true;
    } catch {
      return false;
    }
  }
}
