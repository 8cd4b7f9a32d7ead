/** Every route lives under the version prefix (docs/security.md). */
export const API = '/api/v1';
