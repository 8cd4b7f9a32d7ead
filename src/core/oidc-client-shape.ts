import type { OidcClient } from './domain/oidc-client.js';
import { invalid } from './rules.js';

const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '[::1]', 'localhost'];

/** A native app's URIs (RFC 8252 §7): http only to a loopback host, where it listens; https never there (§7.2, claimed URLs). */
const nativeUriProblem = (uri: string): boolean => {
  const { protocol, hostname } = new URL(uri);
  return (protocol === 'http:') !== LOOPBACK_HOSTS.includes(hostname);
};

/**
 * Rules across a client's fields, checked on the client as created or as changed. Only a browser
 * application without a secret (a web public client) needs CORS answers: a confidential client
 * redeems its codes from its server, and a native app is no browser page.
 */
export const assertAppShape = (client: Pick<OidcClient, 'type' | 'applicationType' | 'allowedOrigins' | 'redirectUris' | 'postLogoutRedirectUris'>): void => {
  if (client.allowedOrigins.length > 0 && (client.type !== 'public' || client.applicationType !== 'web')) {
    throw invalid(['allowed_origins'], 'only for a public client of application_type web');
  }
  if (client.applicationType !== 'native') return;
  if (client.redirectUris.some(nativeUriProblem)) throw invalid(['redirect_uris'], 'a native client uses http to a loopback address, or https elsewhere');
  if (client.postLogoutRedirectUris.some(nativeUriProblem)) throw invalid(['post_logout_redirect_uris'], 'a native client uses http to a loopback address, or https elsewhere');
};
