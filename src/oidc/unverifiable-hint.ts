import type { Request } from 'express';
import type Provider from 'oidc-provider';

const END_SESSION = '/session/end';

/** The `aud` of a JWT, unverified: only to name the client whose keys should verify it. */
const audienceOf = (jwt: string): string | null => {
  try {
    const { aud } = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { aud?: unknown };
    return typeof aud === 'string' ? aud : null;
  } catch {
    return null;
  }
};

const verifies = async (provider: Provider, jwt: string, clientId: string | null): Promise<boolean> => {
  try {
    const client = clientId === null ? undefined : await provider.Client.find(clientId);
    return client !== undefined && (await provider.IdToken.validate(jwt, client)) !== undefined;
  } catch {
    return false;
  }
};

/**
 * oidc-provider answers an id_token_hint it cannot verify (forged, garbled, signed by a key long
 * gone) with an error page; Gatehouse asks first instead, as for a hint of another user. Such a hint
 * is dropped from a GET of the end-session endpoint before the provider reads it; the client it
 * names stays as client_id, so only that client's registered post-logout URI can follow.
 */
export const dropUnverifiableHint = async (provider: Provider, req: Request): Promise<void> => {
  const query = req.url.indexOf('?');
  if (req.method !== 'GET' || req.path !== END_SESSION || query === -1) return;
  const params = new URLSearchParams(req.url.slice(query + 1));
  const hints = params.getAll('id_token_hint');
  if (hints.length !== 1 || hints[0] === undefined) return; // none, or duplicates the provider refuses
  const audience = audienceOf(hints[0]);
  if (await verifies(provider, hints[0], audience)) return;
  params.delete('id_token_hint');
  if (audience !== null && !params.has('client_id') && (await provider.Client.find(audience).catch(() => undefined))) params.set('client_id', audience);
  req.url = `${req.url.slice(0, query)}?${params.toString()}`;
};
