import { errors, type Client, type KoaContextWithOIDC } from 'oidc-provider';

interface RevokedToken {
  clientId?: string;
}

/**
 * RFC 7009 §2.1: a client revokes only the tokens issued to it. Another client's token stays as it
 * is: a confidential client, which proved who it is, is refused and told so (invalid_request, as
 * oidc-provider answers); a public client, which proves nothing, gets the 200 of a token it does
 * not hold, and learns nothing about the token either way.
 */
export const revocationAllowedPolicy = async (_ctx: KoaContextWithOIDC, client: Client, token: RevokedToken): Promise<boolean> => {
  if (token.clientId === client.clientId) return true;
  if (client.clientAuthMethod === 'none') return false;
  throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
};
