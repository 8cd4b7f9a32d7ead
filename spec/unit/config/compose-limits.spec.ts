import { expect } from 'chai';
import { loadConfig } from '../../../src/config/config.js';

describe('throttle limits reach the service from configuration', () => {
  it('defaults to the contract numbers, so `gatehouse serve` always throttles unless told 0', () => {
    const config = loadConfig({ SERVICE_ENVIRONMENT: 'test' });
    expect([config.loginFailuresPerEmail, config.authAttemptsPerAddress]).to.deep.equal([10, 100]);
  });

  it('refuses a negative or non-integer limit at start', () => {
    for (const value of ['-1', '1.5', 'ten']) {
      expect(() => loadConfig({ SERVICE_LOGIN_FAILURES_PER_EMAIL: value })).to.throw('SERVICE_LOGIN_FAILURES_PER_EMAIL');
    }
  });
});
