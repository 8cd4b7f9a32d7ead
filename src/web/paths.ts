/** Every route lives under the version prefix (docs/security.md). */
export const API = '/api/v1';

/** Where the pages are mounted. */
export const PAGES = '/gatehouse';

/** The path below the public origin where the provider is mounted; the issuer is the origin plus this. */
export const OIDC_PATH = `${PAGES}/oidc`;
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`;
