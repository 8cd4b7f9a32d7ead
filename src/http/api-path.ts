/** Every route lives under the version prefix (SPEC §9); routers mount at the root with full paths. */
export const API = '/api/v1';
