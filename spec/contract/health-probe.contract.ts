import { expect } from 'chai';
import type { StoreFactory, StoreUnderTest } from './store-factory.js';

/** The HealthProbe port: true while the database answers, false (never a throw) once it does not. */
export function healthProbeContract(adapter: string, factory: StoreFactory): void {
  describe(`HealthProbe contract (${adapter})`, () => {
    let subject: StoreUnderTest;
    beforeEach(async () => {
      subject = await factory();
    });
    afterEach(() => subject.cleanup());

    it('answers true while the database is up', async () => {
      expect(await subject.store.health.isDatabaseUp()).to.equal(true);
    });

    it('answers false once the database is unreachable', async function () {
      if (!subject.stopDatabase) this.skip();
      await subject.stopDatabase();
      expect(await subject.store.health.isDatabaseUp()).to.equal(false);
    });
  });
}
