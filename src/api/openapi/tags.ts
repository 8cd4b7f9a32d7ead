/**
 * The document's tags, in the order the docs page shows them. An operation's tag must be one of
 * these (a compile error otherwise), so every tag a route uses is declared and described.
 */
export const TAGS = {
  auth: 'Registration, login and logout: the routes that set or end the session cookie.',
  users: "The caller's own account: read it, rename it, list its groups, change its password, delete it.",
  tokens: "The caller's API tokens, for scripts and service accounts (`Authorization: Bearer gh_pat_…`).",
  sessions: "The caller's browser sessions: list them, end one, end all others.",
  mfa: "The caller's second factors: an authenticator app (TOTP), passkeys and recovery codes.",
  invites: 'Invites, the only way to register; only admins issue them.',
  admin:
    "Administration, for admins only: users, invites, every user's security events, groups, the OpenID Connect clients and the forward-auth rules.",
  health: 'Probes for load balancers and orchestrators.',
  docs: 'This document and the page that renders it (not in production).',
} as const;

export type Tag = keyof typeof TAGS;

export const tagList = (Object.keys(TAGS) as Tag[]).map((name) => ({ name, description: TAGS[name] }));
