import type { UseCases } from '../use-cases.js';

/** The user came with the credential's lookup on this very request: nothing to read again. */
export const makeGetMe = (): UseCases['getMe'] => async (principal) => principal.user;
