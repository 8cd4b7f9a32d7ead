import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list is drawn from public breach corpora; compared case-insensitively.
const COMMON = new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());

export const commonPasswordCount = (): number => COMMON.size;
