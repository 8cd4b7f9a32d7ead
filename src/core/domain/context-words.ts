/** The shortest word a containment rule applies to: shorter ones would refuse too many passphrases. */
export const CONTAINED_WORD_MIN = 4;

/** Refused inside every new password, whatever the operator configures (ASVS 6.2.11). */
export const PRODUCT_CONTEXT_WORDS: readonly string[] = ['gatehouse'];

export const normalizeContextWord = (raw: string): string => raw.trim().normalize('NFKC').toLowerCase();

const IP_ADDRESS = /^(\[.*\]|[\d.]+)$/;

/**
 * The labels of the service's host name that can name it or its organisation: all but the last
 * (the top-level domain) of at least 4 characters; none for an IP address. So `auth.acme.com`
 * gives `auth` and `acme`, and `localhost` gives `localhost`.
 */
export const hostContextWords = (hostname: string): string[] => {
  if (IP_ADDRESS.test(hostname)) return [];
  const labels = hostname.toLowerCase().split('.').filter(Boolean);
  const named = labels.length > 1 ? labels.slice(0, -1) : labels;
  return named.filter((label) => label.length >= CONTAINED_WORD_MIN);
};
