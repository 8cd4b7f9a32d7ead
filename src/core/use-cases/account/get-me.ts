import type { Principal } from '../../domain/principal.js';
import type { PublicUser } from '../../domain/user.js';

export type GetMe = (principal: Principal) => Promise<PublicUser>;

/** The user came with the credential's lookup on this very request: nothing to read again. */
export const makeGetMe = (): GetMe => async (principal) => principal.user;
