import { expect } from 'chai';
import { guardAgainstOutage, type OutageGuardDeps } from '../../../src/adapters/availability/outage-guard.js';
import { databaseFailureOf, DatabaseUnreachableError } from '../../../src/adapters/knex/connection/database-unavailable.js';
import { DomainError } from '../../../src/core/domain/errors.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';

interface State {
  down: boolean;
  due: boolean;
  probeFails: boolean;
  calls: string[];
}

const setUp = (state: Partial<State> = {}) => {
  const s: State = { down: false, due: false, probeFails: false, calls: [], ...state };
  const deps: OutageGuardDeps = {
    tracker: { isDown: () => s.down, mayAttempt: () => !s.down || s.due, retryAfterSeconds: () => (s.down ? 4 : 1) },
    probe: async () => {
      s.calls.push('probe');
      if (s.probeFails) throw new DatabaseUnreachableError('connect ECONNREFUSED');
      s.down = false;
    },
    failureOf: databaseFailureOf,
    log: createLogger('silent'),
  };
  const operations = {
    read: async (fail?: unknown) => {
      s.calls.push('read');
      if (fail) throw fail;
      return 'row';
    },
  };
  return { s, guarded: guardAgainstOutage(operations, deps) };
};

describe('guardAgainstOutage', () => {
  it('passes results and errors that are not about the database through untouched', async () => {
    const { guarded } = setUp();
    expect(await guarded.read()).to.equal('row');
    const domain = new DomainError('not_found');
    const bug = new TypeError('x is undefined');
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    for (const error of [domain, bug, unique]) {
      expect(await guarded.read(error).catch((e: unknown) => e)).to.equal(error);
    }
  });

  it('turns a lost connection into unavailable with Retry-After', async () => {
    const { guarded } = setUp();
    const lost = new Error('select 1 - Connection terminated unexpectedly');
    const error = await expectDomainError(guarded.read(lost), 'unavailable');
    expect(error.retryAfterSeconds).to.equal(1);
  });

  it('during an outage, answers unavailable before doing any work when no probe is due', async () => {
    const { s, guarded } = setUp({ down: true });
    const error = await expectDomainError(guarded.read(), 'unavailable');
    expect([error.retryAfterSeconds, s.calls]).to.deep.equal([4, []]);
  });

  it('when a probe is due, probes first and serves the request if the database answers', async () => {
    const { s, guarded } = setUp({ down: true, due: true });
    expect(await guarded.read()).to.equal('row');
    expect(s.calls).to.deep.equal(['probe', 'read']);
  });

  it('when the probe fails, answers unavailable without running the operation', async () => {
    const { s, guarded } = setUp({ down: true, due: true, probeFails: true });
    await expectDomainError(guarded.read(), 'unavailable');
    expect(s.calls).to.deep.equal(['probe']);
  });
});
