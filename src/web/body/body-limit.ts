/** The largest request body read; beyond it, 413 payload_too_large. */
export const BODY_LIMIT_BYTES = 16 * 1024;
