import { expect } from 'chai';
import fc from 'fast-check';
import { containsHash, type ReadAt } from '../../../src/adapters/blocklist/sorted-hash-lines.js';
import { fillerHashes, pwnedFileText, sha1 } from '../../support/unit/pwned-file.js';

/** The search over a file held in memory, counting its reads. */
const inMemory = (text: string) => {
  const bytes = Buffer.from(text, 'latin1');
  const reads: number[] = [];
  const readAt: ReadAt = async (position, length) => {
    reads.push(position);
    return bytes.subarray(position, position + length);
  };
  return { has: (hash: string) => containsHash(readAt, bytes.length, hash), reads };
};

const hex40 = fc.stringMatching(/^[0-9A-F]{40}$/);

describe('binary search over a file of sorted HASH:COUNT lines', () => {
  it('finds every line of the file and nothing else, whatever the line ends and count widths (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(hex40, { minLength: 1, maxLength: 60 }),
        fc.array(hex40, { maxLength: 20 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.integer({ min: 1, max: 2 ** 52 }), { minLength: 1, maxLength: 60 }),
        fc.boolean(),
        async (present, probes, eol, counts, lastNewline) => {
          const text = pwnedFileText(present, eol, (index) => counts[index % counts.length] as number);
          const file = inMemory(lastNewline ? text : text.slice(0, -eol.length));
          for (const hash of present) expect(await file.has(hash), hash).to.equal(true);
          for (const hash of probes) expect(await file.has(hash), hash).to.equal(present.includes(hash));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('compares hashes case-insensitively, as hex is', async () => {
    const file = inMemory(pwnedFileText([sha1('one long password'), ...fillerHashes(10)]));
    expect(await file.has(sha1('one long password').toLowerCase())).to.equal(true);
  });

  it('answers false on an empty file and on a file of one blank line', async () => {
    expect(await inMemory('').has(sha1('x'))).to.equal(false);
    expect(await inMemory('\r\n').has(sha1('x'))).to.equal(false);
  });

  it('reads about log2(size) small windows, not the file', async () => {
    const file = inMemory(pwnedFileText(fillerHashes(100_000)));
    expect(await file.has(sha1('not in there'))).to.equal(false);
    expect(file.reads.length).to.be.within(10, 2 * Math.ceil(Math.log2(100_000 * 50)));
  });

  it('rejects a file whose lines are not HASH:COUNT rather than answer "not breached"', async () => {
    const ntlm = Array.from({ length: 50 }, (_, index) => `${'0'.repeat(30)}${String(index).padStart(2, '0')}:1\r\n`).join('');
    let failure: unknown = null;
    await inMemory(ntlm).has(sha1('anything')).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error).with.property('message', 'Pwned Passwords file: a line is not HASH:COUNT');
  });
});
