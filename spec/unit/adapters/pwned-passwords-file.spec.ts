import { expect } from 'chai';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLED_CORPUS } from '../../../src/adapters/blocklist/bundled-breach-list.js';
import { policyEntries } from '../../../src/adapters/blocklist/policy-entries.js';
import { pwnedPasswordsFileProblem } from '../../../src/adapters/blocklist/pwned-passwords-file-check.js';
import { PwnedPasswordsFile } from '../../../src/adapters/blocklist/pwned-passwords-file.js';
import { fillerHashes, pwnedFileText, sha1, tempFile } from '../../support/unit/pwned-file.js';

const LISTED = ['Purple Monkey Dishwasher 1', 'tangerine kites at dawn'];
const WRONG_FILE = 'must be the Pwned Passwords SHA-1 file ordered by hash (HASH:COUNT lines)';

describe('PwnedPasswordsFile: an offline Have I Been Pwned copy, searched in place', () => {
  let file: ReturnType<typeof tempFile>;
  before(() => (file = tempFile(pwnedFileText([...LISTED.map(sha1), ...fillerHashes(5_000)]))));
  after(() => file.cleanup());

  it('knows the passwords whose SHA-1 is in the file, and the upper-case forms of lower-case ones', async () => {
    const pwned = new PwnedPasswordsFile(file.path);
    expect(await pwned.isBreached('Purple Monkey Dishwasher 1')).to.equal(true);
    expect(await pwned.isBreached('TANGERINE KITES AT DAWN')).to.equal(true);
  });

  it('does not know a password whose own and lower-case SHA-1 are absent', async () => {
    const pwned = new PwnedPasswordsFile(file.path);
    expect(await pwned.isBreached('purple monkey dishwasher 1')).to.equal(false);
    expect(await pwned.isBreached('quiet harbour lanterns')).to.equal(false);
  });

  it('agrees with the bundled list, in a file made of its entries\' hashes (every tenth)', async () => {
    const entries = [...policyEntries(await readFile(BUNDLED_CORPUS))];
    const corpus = tempFile(pwnedFileText([...entries.map(sha1), ...fillerHashes(20_000)], '\n'));
    // One open, stat and a few dozen reads per check: all 9,728 would take seconds for little more.
    const sample = entries.filter((_, index) => index % 10 === 0);
    try {
      const pwned = new PwnedPasswordsFile(corpus.path);
      const missed: string[] = [];
      for (const entry of sample) if (!(await pwned.isBreached(entry))) missed.push(entry);
      expect([sample.length, missed]).to.deep.equal([973, []]);
    } finally {
      corpus.cleanup();
    }
  });

  it('rejects, never answers "not breached", when the file went away after start', async () => {
    const gone = tempFile(pwnedFileText(fillerHashes(10)));
    const pwned = new PwnedPasswordsFile(gone.path);
    unlinkSync(gone.path);
    gone.cleanup();
    let failure: unknown = null;
    await pwned.isBreached('quiet harbour lanterns').catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error).with.property('code', 'ENOENT');
  });

  describe('the start-up check of SERVICE_PWNED_PASSWORDS_PATH', () => {
    it('accepts the hash-ordered file, with CR LF or LF line ends', () => {
      const lf = tempFile(pwnedFileText(fillerHashes(200), '\n'));
      try {
        expect([pwnedPasswordsFileProblem(file.path), pwnedPasswordsFileProblem(lf.path)]).to.deep.equal([null, null]);
      } finally {
        lf.cleanup();
      }
    });

    it('refuses a missing path and a directory', () => {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pwned-dir-'));
      try {
        expect(pwnedPasswordsFileProblem(join(dir, 'missing.txt'))).to.equal('must name a readable file');
        expect(pwnedPasswordsFileProblem(dir)).to.equal('must name a readable file');
      } finally {
        rmSync(dir, { recursive: true });
      }
    });

    it('refuses the file ordered by count, the NTLM file and an empty file', () => {
      const byCount = fillerHashes(200).map((hash, index) => `${hash}:${1000 - index}\r\n`).join('');
      const ntlm = pwnedFileText(fillerHashes(200).map((hash) => hash.slice(0, 32)));
      for (const text of [byCount, ntlm, '']) {
        const wrong = tempFile(text);
        try {
          expect(pwnedPasswordsFileProblem(wrong.path)).to.equal(WRONG_FILE);
        } finally {
          wrong.cleanup();
        }
      }
    });
  });
});
