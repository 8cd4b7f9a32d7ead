import type { LoginResult } from '../../../src/core/use-cases/views.js';

/** The signed-in side of a sign-in's answer; a pending second step where none was expected fails the spec. */
export const signedIn = (result: LoginResult): Extract<LoginResult, { kind: 'signed_in' }> => {
  if (result.kind !== 'signed_in') throw new Error(`expected to be signed in, got ${result.kind}`);
  return result;
};
