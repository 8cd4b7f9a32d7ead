import { expect } from 'chai';
import { DomainError, type ErrorCode } from '../../../src/core/domain/errors.js';

/** Asserts that the call under test itself rejects with that code. */
export const expectDomainError = async (call: Promise<unknown>, code: ErrorCode): Promise<DomainError> => {
  try {
    await call;
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal(code);
    return error as DomainError;
  }
  throw new Error(`expected ${code}, but the call succeeded`);
};
