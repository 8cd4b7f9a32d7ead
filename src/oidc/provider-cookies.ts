import type { Configuration } from 'oidc-provider';
import { deriveKey } from '../adapters/aes-gcm-secret-box.js';
import type { Config } from '../config/config.js';

/**
 * The provider's browser session (Path=/) is a __Host- cookie in production; the interaction's two
 * are scoped to its own path (so two authorizations in two tabs keep apart), which __Host- forbids:
 * __Secure-. Secure follows the public origin's scheme (public-origin.ts), https in production.
 */
const NAMES = {
  production: { session: '__Host-gh_oidc_session', interaction: '__Secure-gh_oidc_interaction', resume: '__Secure-gh_oidc_resume' },
  other: { session: 'gh_oidc_session', interaction: 'gh_oidc_interaction', resume: 'gh_oidc_resume' },
} as const;

export const providerCookies = (config: Pick<Config, 'environment' | 'secretKey' | 'secretKeyPrevious'>): NonNullable<Configuration['cookies']> => {
  const production = config.environment === 'production';
  const attributes = { httpOnly: true, sameSite: 'lax', secure: production } as const;
  return {
    names: production ? NAMES.production : NAMES.other,
    long: attributes,
    short: attributes,
    keys: [config.secretKey, config.secretKeyPrevious].filter((key): key is string => !!key).map((key) => deriveKey(key, 'gatehouse oidc-cookies v1').bytes.toString('base64url')),
  };
};
