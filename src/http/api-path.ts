/** Every route lives under the version prefix (SPEC §9). */
export const API = '/api/v1';
