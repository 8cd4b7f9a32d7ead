import type { Client, KoaContextWithOIDC } from 'oidc-provider';
import { INTROSPECT } from './client-metadata.js';

/** Whether the token's account is still someone (find-oidc-account.ts: a disabled or deleted user is nobody). */
export type AccountIsActive = (ctx: KoaContextWithOIDC, accountId: string) => Promise<boolean>;

interface IntrospectedToken {
  clientId?: string;
  accountId?: string;
}

/**
 * RFC 7662 answers a confidential client about the tokens issued to it, and a client an admin
 * made a resource server (`introspect`) about any token of the provider. Everything else, and a
 * token whose user has since been disabled or deleted (userinfo refuses it too), is
 * {"active": false}: the caller learns nothing about tokens it may not see.
 */
export const introspectionAllowedPolicy =
  (accountIsActive: AccountIsActive) =>
  async (ctx: KoaContextWithOIDC, client: Client, token: IntrospectedToken): Promise<boolean> => {
    if (client.clientAuthMethod === 'none') return false;
    if (token.clientId !== client.clientId && client.metadata()[INTROSPECT] !== true) return false;
    return token.accountId === undefined || accountIsActive(ctx, token.accountId);
  };
