/** docs/api.md: one account per address however it is typed (case, full-width forms, spaces). */
export const normalizeEmail = (raw: string): string => raw.trim().normalize('NFKC').toLowerCase();

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

export const emailProblem = (email: string): string | null => {
  if (email.length > 254) return 'must be at most 254 characters';
  const at = email.lastIndexOf('@');
  if (at <= 0) return 'must be an email address';
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64) return 'must have a local part of at most 64 characters';
  if (!LOCAL_PART.test(local)) return 'must be an email address';
  const domainOk = labels.length >= 2 && labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label));
  return domainOk ? null : 'must be an email address with a valid domain';
};

export const localPartOf = (email: string): string => email.slice(0, email.lastIndexOf('@'));
