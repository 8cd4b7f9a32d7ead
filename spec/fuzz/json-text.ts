import fc from 'fast-check';

/** Field names of every body route, so generated objects reach the per-field rules too. */
export const FIELD_NAMES = ['email', 'password', 'display_name', 'invite_code', 'current_password', 'new_password',
  'name', 'expires_in_days', 'max_uses'] as const;

// One representative of every Unicode general category that matters to the rules.
const SPECIAL = ['\u0000', '\u0009', '\u007f', '\u0085', '\u202e', '\u200b', '\ufeff', '\ud800', '\udfff', '\ue000',
  '\uffff', '\u0378', '\u0301', '\u00a0', '\u2028', 'ﬃ', 'Ａ', '١', '😀', '\u{10ffff}', '"', '\\', '%00'];

/** Strings over every code point (lone surrogates included), biased towards the awkward ones. */
export const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 20 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }),
);

// Raw text, because JSON.stringify cannot write numbers beyond a double or exponents like 1e400.
const hugeNumber = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '1e-400', '-0', '9007199254740993', '123456789012345678901234567890', '0.1e1'),
  fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }).map(String),
  fc.double().filter(Number.isFinite).map(String),
);

const key = fc.oneof(fc.constantFrom(...FIELD_NAMES, '__proto__', 'constructor', 'prototype'), anyString);

const leaf = fc.oneof(
  anyString.map((text) => JSON.stringify(text)),
  hugeNumber,
  fc.constantFrom('true', 'false', 'null', '0', '1', '[]', '{}'),
);

/** Any JSON text: nested arrays and objects, `__proto__` keys, huge numbers, every category. */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 6 })
    .map((entries) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`),
})).value;

/** Arrays nested thousands deep, alone or as a field's value (within the 16 KiB body limit). */
export const deepText = fc
  .tuple(fc.integer({ min: 1, max: 7000 }), fc.option(fc.constantFrom(...FIELD_NAMES), { nil: undefined }))
  .map(([depth, field]) => {
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    return field ? `{${JSON.stringify(field)}:${nested}}` : nested;
  });

/** Every string a body holds, values only (field names are echoed in `loc` by design); iterative, for deep nesting. */
export const stringValuesOf = (root: unknown): string[] => {
  const found: string[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') found.push(value);
    else if (value !== null && typeof value === 'object') pending.push(...Object.values(value));
  }
  return found;
};

const percentEncoded = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A path segment: any string percent-encoded byte by byte, or broken escapes and dot segments. */
export const pathSegment = fc.oneof(
  { weight: 4, arbitrary: anyString.map(percentEncoded) },
  fc.constantFrom('%', '%zz', '%ff%fe', '%c0%ae', '..', '%2e%2e', '0193b4d2-0000-7000-8000-000000000000', 'a'.repeat(2000)),
);
