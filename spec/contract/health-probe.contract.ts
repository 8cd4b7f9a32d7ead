import { expect } from 'chai';
import type { StoreFactory, StoreUnderTest } from './store-factory.js';

/** The HealthProbe port: true while the database answers, false (never a throw) once it does not. */
export function healthProbeContract(adapter: string, factory: StoreFactory): void {
  describe(`HealthProbe contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    afterEach(() => subject.cleanup());

    it('answers true while the database is up', async () => {
      subject = await factory();
      expect(await subject.store.health.isDatabaseUp()).to.equal(true);
    });

    const { withDatabase } = factory;
    if (withDatabase) {
      it('answers false once the database is unreachable', async () => {
        const stoppable = await withDatabase();
        subject = stoppable;
        await stoppable.stopDatabase();
        expect(await stoppable.store.health.isDatabaseUp()).to.equal(false);
      });
    }
  });
}
