import type { AdminUserView } from '../../../src/core/use-cases/views.js';

const COLUMNS = ['EMAIL', 'DISPLAY NAME', 'STATUS', 'MFA', 'LAST LOGIN', 'ID'] as const;

const cellsOf = (view: AdminUserView): string[] => [
  view.user.email,
  // A display name may hold any printable character; tabs and newlines cannot reach it (the rules refuse them).
  view.user.displayName,
  view.disabled ? 'disabled' : 'enabled',
  view.mfa ? 'yes' : 'no',
  view.lastLoginAt?.toISOString() ?? 'never',
  view.user.id,
];

/** A plain-text table, columns padded to their widest cell, for a person at a terminal. */
export const userTable = (users: AdminUserView[]): string[] => {
  const rows = [[...COLUMNS], ...users.map(cellsOf)];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => [...(row[i] ?? '')].length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [...rows.map(line), `${users.length} user(s)`];
};
