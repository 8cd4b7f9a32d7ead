/**
 * A user agent as a person reads it ("Firefox on Linux"). No parser package is installed, so this
 * knows the major browsers and systems only; the full string stays on the page beside it. Order
 * matters: Edge and Opera say "Chrome", Chrome says "Safari", so the narrower names come first.
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chromium)\//, 'Chromium'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], text: string): string | null => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The browser and the system, or null when neither is known (the page then shows the string). */
export const describeUserAgent = (userAgent: string): { browser: string | null; system: string | null } => ({
  browser: first(BROWSERS, userAgent),
  system: first(SYSTEMS, userAgent),
});
