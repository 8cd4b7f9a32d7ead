import fc from 'fast-check';

/** One hostile input, in the three places a client can put it. */
export interface Hostile {
  /** The bytes that replace a field's JSON value (raw: they need not be valid UTF-8). */
  json: Buffer;
  /** The same idea as a path segment and as a query value (percent-encoded, byte for byte). */
  segment: string;
  /** The decoded strings sent, for the echo check (empty when nothing is text). */
  sent: string[];
}

const LONE = ['\ud800', '\udbff', '\udc00', '\udfff'];
const percent = (bytes: Buffer): string => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
const text = (value: string): Hostile => ({
  json: Buffer.from(JSON.stringify(value), 'utf8'),
  segment: percent(Buffer.from(value, 'utf8')),
  sent: [value],
});
const raw = (bytes: number[], wrap = true): Hostile => {
  const inner = Buffer.from(bytes);
  return { json: wrap ? Buffer.concat([Buffer.from('"a'), inner, Buffer.from('"')]) : inner, segment: percent(inner), sent: [] };
};
const around = (middle: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 12 }), middle, fc.string({ maxLength: 12 })).map(([a, m, b]) => `${a}${m}${b}`);

/** The generators, by name, so the spec can say which of them found something. */
export const GENERATORS: Record<string, fc.Arbitrary<Hostile>> = {
  /** PostgreSQL refuses NUL in text; SQLite keeps it. */
  nul: around(fc.constantFrom('\u0000', '\u0000\u0000', 'a@b.c\u0000.com')).map(text),
  /** No UTF-8 form: the drivers write U+FFFD or bytes that read back differently; hashers see U+FFFD. */
  loneSurrogate: around(fc.constantFrom(...LONE)).map(text),
  /** Longer than every column (varchar(n) is enforced by PostgreSQL only), within the 16 KiB body. */
  overLong: fc.tuple(fc.constantFrom('x', 'é', '😀', 'a@'), fc.constantFrom(65, 101, 255, 257, 1_000, 4_000)).map(([unit, n]) => text(unit.repeat(n))),
  /** Invalid UTF-8 as raw bytes in the body: over-long forms (C0 80 is NUL), CESU surrogates, beyond U+10FFFF, stray bytes. */
  invalidUtf8: fc
    .constantFrom([0xc0, 0x80], [0xc0, 0xae], [0xe0, 0x80, 0xaf], [0xf0, 0x80, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xff], [0xfe, 0xff], [0x80], [0xc3])
    .map((bytes) => raw([...bytes])),
  /** Beyond a double, beyond 32 and 64 bits (PostgreSQL integer columns are 32-bit), and odd forms. */
  hugeNumber: fc
    .oneof(
      fc.constantFrom('1e400', '-1e400', '1e-400', '-0', '2147483648', '-2147483649', '9223372036854775808', '9007199254740993', '0.5', '1e2'),
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    )
    .map((number) => ({ json: Buffer.from(number), segment: number, sent: [] })),
  /** Not the type the field has. */
  wrongType: fc
    .constantFrom('[]', '{}', 'true', 'null', '0', '[""]', '{"a":"\\u0000"}', '["\\ud800"]', '{"\\u0000":1}')
    .map((json) => ({ json: Buffer.from(json), segment: encodeURIComponent(json), sent: [] })),
};
