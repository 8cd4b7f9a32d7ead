import type { Principal } from '../../domain/principal.js';
import { issueInvite, type InviteDeps, type IssuedInvite } from './issue-invite.js';

/** Admins only (else forbidden). */
export type CreateInvite = (principal: Principal, input: unknown) => Promise<IssuedInvite>;

export const makeCreateInvite =
  (deps: InviteDeps): CreateInvite =>
  (principal, input) =>
    issueInvite(deps, principal, { self: true }, input);
