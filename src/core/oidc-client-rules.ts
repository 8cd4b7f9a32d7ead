import Joi from 'joi';
import { redirectUriProblem, REDIRECT_URI_MAX } from './domain/redirect-uri.js';
import { allowedOriginProblem } from './domain/allowed-origin.js';
import { allowedGroups } from './access-rules.js';
import { label } from './rules.js';
import { DEFAULT_SIGNING_ALGORITHM, SIGNING_ALGORITHMS, type SigningAlgorithm } from './domain/signing-algorithm.js';

const redirectUri = (production: boolean) =>
  Joi.string()
    .max(REDIRECT_URI_MAX)
    .custom((value: string) => {
      const problem = redirectUriProblem(value, production);
      if (problem) throw new Error(problem);
      return value;
    });

const allowedOrigin = (production: boolean) =>
  Joi.string()
    .max(REDIRECT_URI_MAX)
    .custom((value: string) => {
      const problem = allowedOriginProblem(value, production);
      if (problem) throw new Error(problem);
      return value;
    });
// Gatehouse calls it from its server: in production https only, loopback http only outside it.
const backchannelLogoutUri = (production: boolean) =>
  Joi.string()
    .max(REDIRECT_URI_MAX)
    .custom((value: string) => {
      const problem = redirectUriProblem(value, false) ?? (production && !value.startsWith('https:') ? 'must be https' : null);
      if (problem) throw new Error(problem);
      return value;
    })
    .allow(null);
const applicationType = Joi.string().valid('web', 'native');
const idTokenAlgorithm = Joi.string().valid(...SIGNING_ALGORITHMS);

/** POST /admin/oidc/clients and `gatehouse oidc-clients create`; the PKCE rule is the use case's. */
export const oidcClientRules = (production: boolean) =>
  Joi.object({
    name: label.required(),
    type: Joi.string().valid('confidential', 'public').required(),
    redirect_uris: Joi.array().items(redirectUri(production)).min(1).max(20).unique().required(),
    post_logout_redirect_uris: Joi.array().items(redirectUri(production)).max(20).unique().default([]),
    skip_consent: Joi.boolean().strict().default(false),
    require_pkce: Joi.boolean().strict().default(true),
    allowed_groups: allowedGroups.default([]),
    require_mfa: Joi.boolean().strict().default(false),
    introspect: Joi.boolean().strict().default(false),
    device: Joi.boolean().strict().default(false),
    application_type: applicationType.default('web'),
    allowed_origins: Joi.array().items(allowedOrigin(production)).max(20).unique().default([]),
    backchannel_logout_uri: backchannelLogoutUri(production).default(null),
    id_token_signed_response_alg: idTokenAlgorithm.default(DEFAULT_SIGNING_ALGORITHM),
  });

/** PATCH /admin/oidc/clients/{id} and `gatehouse oidc-clients update`: the same fields but the type, each optional. */
export const oidcClientChangeRules = (production: boolean) =>
  Joi.object({
    name: label,
    redirect_uris: Joi.array().items(redirectUri(production)).min(1).max(20).unique(),
    post_logout_redirect_uris: Joi.array().items(redirectUri(production)).max(20).unique(),
    skip_consent: Joi.boolean().strict(),
    require_pkce: Joi.boolean().strict(),
    allowed_groups: allowedGroups,
    require_mfa: Joi.boolean().strict(),
    introspect: Joi.boolean().strict(),
    device: Joi.boolean().strict(),
    application_type: applicationType,
    allowed_origins: Joi.array().items(allowedOrigin(production)).max(20).unique(),
    backchannel_logout_uri: backchannelLogoutUri(production),
    id_token_signed_response_alg: idTokenAlgorithm,
  }).min(1);

export type OidcClientChanges = Partial<Omit<OidcClientInput, 'type'>>;

export interface OidcClientInput {
  name: string;
  type: 'confidential' | 'public';
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  skip_consent: boolean;
  require_pkce: boolean;
  allowed_groups: string[];
  require_mfa: boolean;
  introspect: boolean;
  device: boolean;
  application_type: 'web' | 'native';
  allowed_origins: string[];
  backchannel_logout_uri: string | null;
  id_token_signed_response_alg: SigningAlgorithm;
}
