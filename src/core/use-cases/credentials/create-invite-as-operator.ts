import { issueInvite, type InviteDeps, type IssuedInvite } from './issue-invite.js';

/** The operator's path: acts as the admin with that email; unknown or non-admin → forbidden. */
export type CreateInviteAsOperator = (adminEmail: string, input: unknown) => Promise<IssuedInvite>;

/** The operator names the issuing admin by email; an unknown, disabled or non-admin email is forbidden. */
export const makeCreateInviteAsOperator =
  (deps: InviteDeps): CreateInviteAsOperator =>
  (adminEmail, input) =>
    issueInvite(deps, 'operator', { email: adminEmail }, input);
