/** A JSON object (not an array, not null): what a stored provider payload's nested fields must be before they are read. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
