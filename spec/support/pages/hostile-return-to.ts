import fc from 'fast-check';

/** Ways to begin a path that a browser may resolve to another host: `//`, `/\`, dot segments, encoded and mixed-case forms. */
const SEPARATORS = ['/', '//', '/\\', '\\', '/./', '/../', '/.//', '/..//', '/x/../', '/x/..//', '/%2e%2e/', '/%2E%2e//', '/.%2e/', '/%2e/', '/%2f', '/%2F/', '/%5c', '/%5C/', '%2f%2f', './/', '../'];
const HOSTS = ['evil.example', 'EVIL.Example', 'evil.example:8443', 'user@evil.example', ''];
const TAILS = ['', '/', '/gatehouse/account', '?x=1', '#y', '/a/b?q=1#f'];

/** Every letter's case flipped where the mask says so: `HtTp://GaTeHoUsE.test`. */
const mixedCase = (text: string): fc.Arbitrary<string> =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((mask) => [...text].map((c, i) => (mask[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

/**
 * return_to values as an attacker writes them (the value after the query string's one decoding):
 * relative and absolute forms on `origin` whose path a browser resolves to `//host`, other hosts
 * and schemes, each also percent-encoded once more; plus arbitrary strings and URLs.
 */
export const hostileReturnTo = (origin: string): fc.Arbitrary<string> => {
  const head = fc.oneof(fc.constant(''), fc.constant(origin), mixedCase(origin), fc.constantFrom('https://evil.example', 'javascript:', 'JavaScript:', 'http:', '//'));
  const crafted = fc
    .tuple(head, fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 3 }), fc.constantFrom(...HOSTS), fc.constantFrom(...TAILS))
    .map(([start, separators, host, tail]) => `${start}${separators.join('')}${host}${tail}`);
  const encodedAgain = crafted.map((value) => encodeURIComponent(value));
  const partlyEncoded = crafted.map((value) => value.replace(/[/\\.]/g, (c) => (c === '.' ? '%2e' : encodeURIComponent(c))));
  return fc.oneof({ weight: 6, arbitrary: crafted }, encodedAgain, partlyEncoded, fc.string(), fc.webUrl(), fc.webPath());
};

/** The rule a landing must meet: one `/` and then neither `/` nor `\`, resolving to our origin. */
export const landsOnOrigin = (landing: string, origin: string): boolean =>
  landing.startsWith('/') && !['/', '\\'].includes(landing.charAt(1)) && new URL(landing, origin).origin === origin;
