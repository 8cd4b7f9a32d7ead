import { expect } from 'chai';
import type { StoreFactory, StoreUnderTest } from './store-factory.js';

/**
 * The HealthProbe port: true while the database answers (and, for the schema, is fully migrated),
 * false (never a throw) once it does not.
 */
export function healthProbeContract(adapter: string, factory: StoreFactory): void {
  describe(`HealthProbe contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    afterEach(() => subject.cleanup());

    it('answers true while the database is up', async () => {
      subject = await factory();
      expect(await subject.store.health.isDatabaseUp()).to.equal(true);
    });

    it('finds the schema current once every migration has run', async () => {
      subject = await factory();
      expect(await subject.store.health.isSchemaCurrent()).to.equal(true);
    });

    const { withDatabase } = factory;
    if (withDatabase) {
      it('answers false once the database is unreachable', async () => {
        const stoppable = await withDatabase();
        subject = stoppable;
        await stoppable.stopDatabase();
        expect(await stoppable.store.health.isDatabaseUp()).to.equal(false);
        expect(await stoppable.store.health.isSchemaCurrent()).to.equal(false);
      });

      it('finds the schema behind when the latest migration is not applied, though the database is up', async () => {
        const behind = await withDatabase();
        subject = behind;
        await behind.rollbackLatest();
        expect(await behind.store.health.isDatabaseUp()).to.equal(true);
        expect(await behind.store.health.isSchemaCurrent()).to.equal(false);
      });

      it('finds the schema behind on an empty database, and creates nothing while looking', async () => {
        const empty = await withDatabase({ migrate: false });
        subject = empty;
        expect(await empty.store.health.isSchemaCurrent()).to.equal(false);
        expect(await empty.hasTable('knex_migrations')).to.equal(false);
      });
    }
  });
}
