import type { OutgoingMessage } from 'node:http';

export type Header = readonly [name: string, value: string];

/** Node's serialiser of a response head: the status line, then one `name: value\r\n` per header. */
type StoreHeader = (this: OutgoingMessage, firstLine: string, headers: unknown) => void;

/** Which of `names` (lower-cased) a response sets itself, in whichever form Node hands its headers over. */
const overridden = (headers: unknown, names: ReadonlySet<string>): Set<string> | undefined => {
  if (headers === null || typeof headers !== 'object') return undefined;
  let found: Set<string> | undefined;
  const note = (name: unknown) => {
    const lower = typeof name === 'string' ? name.toLowerCase() : '';
    if (names.has(lower)) (found ??= new Set()).add(lower);
  };
  if (!Array.isArray(headers)) {
    for (const name in headers) note(name); // Node's own record: keys already lower-cased
  } else if (headers.length > 0 && !Array.isArray(headers[0])) {
    for (let i = 0; i < headers.length; i += 2) note(headers[i]);
  } else {
    for (const pair of headers as unknown[][]) note(pair[0]);
  }
  return found;
};

const lines = (headers: readonly Header[]): string => headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');

/**
 * Writes a fixed set of headers into every response head of `response` (an Express app's
 * `app.response`) as one string built at start-up, instead of one `setHeader` per header per
 * request. A header the response sets itself (a page's own Content-Security-Policy, an asset's
 * Cache-Control) wins: the block then leaves that one out. Returns false, changing nothing, if
 * this Node has no `_storeHeader` to extend; the caller then sets the headers one by one.
 */
export const writeHeaderBlock = (response: object, headers: readonly Header[]): boolean => {
  const store = (response as { _storeHeader?: unknown })._storeHeader;
  if (typeof store !== 'function') return false;
  const original = store as StoreHeader;
  const fixedNames = new Set(headers.map(([name]) => name.toLowerCase()));
  const block = lines(headers);
  Object.defineProperty(response, '_storeHeader', {
    configurable: true,
    writable: true,
    value: function storeWithBlock(this: OutgoingMessage, firstLine: string, own: unknown): void {
      const theirs = overridden(own, fixedNames);
      const fixed = theirs ? lines(headers.filter(([name]) => !theirs.has(name.toLowerCase()))) : block;
      original.call(this, firstLine + fixed, own);
    },
  });
  return true;
};
