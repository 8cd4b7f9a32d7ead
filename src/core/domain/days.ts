const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);
