import type { KoaContextWithOIDC } from 'oidc-provider';

type IdTokenHint = NonNullable<KoaContextWithOIDC['oidc']['entities']['IdTokenHint']>;

/**
 * Whether RP-initiated logout may end the Gatehouse session without asking. oidc-provider has checked
 * the hint's signature, issuer and audience, but not its expiry, and any ID token will do for it:
 * the attacker's own, another user's, one leaked long ago. Only an unexpired hint naming the
 * signed-in user speaks for that user; anything else gets the `Sign out` page, so a cross-site
 * GET alone never ends a session (docs/security.md, "RP-initiated logout").
 */
export const hintSpeaksForUser = (hint: IdTokenHint | undefined, userId: string | null, nowMs: number): boolean => {
  if (!hint || userId === null) return false;
  const { sub, exp } = hint.payload;
  return sub === userId && typeof exp === 'number' && exp * 1000 > nowMs;
};
