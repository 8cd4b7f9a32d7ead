/** Reads up to `length` bytes at `position`; fewer only at the end of the file. */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** One line of Pwned Passwords' file ordered by hash: 40 hex digits of SHA-1, a colon, a count. */
export const HASH_LINE = /^[0-9A-Fa-f]{40}:\d+$/;
const LINE_MAX = 64; // 40 + ':' + a count of up to 20 digits + CR LF, rounded up
const NEWLINE = 0x0a;

interface Line {
  start: number;
  next: number;
  hash: string;
}

const malformed = (): Error => new Error('Pwned Passwords file: a line is not HASH:COUNT');

/** The first line starting at or after `position` (a known line start when `atLineStart`), or null past the last. */
const lineFrom = async (readAt: ReadAt, size: number, position: number, atLineStart: boolean): Promise<Line | null> => {
  const from = atLineStart ? position : position - 1;
  const bytes = await readAt(from, 2 * LINE_MAX);
  const start = atLineStart ? 0 : bytes.indexOf(NEWLINE) + 1;
  if (start === 0 && !atLineStart) {
    if (from + bytes.length >= size) return null;
    throw malformed();
  }
  const newline = bytes.indexOf(NEWLINE, start);
  if (newline === -1 && from + bytes.length < size) throw malformed();
  const end = newline === -1 ? bytes.length : newline;
  const text = bytes.toString('latin1', start, end).replace(/\r$/, '');
  const next = from + end + 1;
  if (text === '' && next >= size) return null; // a blank last line ends the file
  if (!HASH_LINE.test(text)) throw malformed();
  return { start: from + start, next, hash: text.slice(0, 40).toUpperCase() };
};

/**
 * Binary search over byte offsets of a file of HASH:COUNT lines sorted by hash: about log2(size)
 * reads of 128 bytes, whatever the file's size. Invariant: a line holding `hash` can only start
 * in [lo, hi), and lo is always the start of a line.
 */
export const containsHash = async (readAt: ReadAt, size: number, hash: string): Promise<boolean> => {
  const target = hash.toUpperCase();
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const line = await lineFrom(readAt, size, mid, mid === lo);
    if (!line || line.start >= hi || line.hash > target) hi = mid;
    else if (line.hash < target) lo = line.next;
    else return true;
  }
  return false;
};
