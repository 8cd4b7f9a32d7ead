/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped has fewer look-alikes. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LOOK_ALIKES: Record<string, string> = { I: '1', L: '1', O: '0' };

/**
 * 24 characters of 5 bits: 120 bits, shown in four groups of six. At 112 bits and more a plain
 * SHA-256 is an acceptable stored form (ASVS 6.5.2 asks a salted slow hash only below that).
 */
export const RECOVERY_CODE_LENGTH = 24;
/** Codes issued before the change had 20 characters (100 bits); they keep working until used or replaced. */
const LEGACY_RECOVERY_CODE_LENGTH = 20;

export const formatRecoveryCode = (raw: string): string => raw.match(/.{6}/g)?.join('-') ?? raw;

/**
 * The form that is hashed: case-insensitive, hyphens and spaces optional, look-alike letters read
 * as Crockford decoding does. Null when it cannot be a code of `length` characters at all.
 */
export const normalizeCrockford = (input: string, length: number): string | null => {
  const compact = input.toUpperCase().replace(/[-\s]/g, '').replace(/[ILO]/g, (char) => LOOK_ALIKES[char] ?? char);
  if (compact.length !== length) return null;
  return [...compact].every((char) => CROCKFORD.includes(char)) ? compact : null;
};

export const normalizeRecoveryCode = (input: string): string | null =>
  normalizeCrockford(input, RECOVERY_CODE_LENGTH) ?? normalizeCrockford(input, LEGACY_RECOVERY_CODE_LENGTH);
