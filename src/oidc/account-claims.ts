import type { OidcAccount } from '../core/use-cases/oidc/find-oidc-account.js';

/** Every claim an account can give, before the granted scopes filter them (the ID token, userinfo, the lean userinfo). */
export const accountClaims = (account: OidcAccount, emailsVerified: boolean) => ({
  sub: account.userId,
  email: account.email,
  email_verified: emailsVerified,
  name: account.displayName,
  ...(account.username !== null && { preferred_username: account.username }),
  groups: account.groups,
});
