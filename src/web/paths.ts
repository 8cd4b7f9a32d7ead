/** Every route lives under the version prefix (docs/security.md). */
export const API = '/api/v1';

/** Where the pages are mounted. */
export const PAGES = '/gatehouse';

/** The path below the public origin where the provider is mounted; the issuer is the origin plus this. */
export const OIDC_PATH = `${PAGES}/oidc`;
/** Where a person enters the code a device shows (the device authorization grant). */
export const DEVICE_PATH = `${PAGES}/device`;
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`;
/** The provider's userinfo endpoint, which the lean userinfo answers ahead of every router. */
export const USERINFO_PATH = `${OIDC_PATH}/me`;
