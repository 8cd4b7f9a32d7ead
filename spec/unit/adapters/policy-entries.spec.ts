import { expect } from 'chai';
import { policyEntries } from '../../../src/adapters/blocklist/policy-entries.js';

describe('policyEntries: the lines of a word list that the length rule would let through', () => {
  it('keeps 15–256 code points after NFKC, lower-cased, once; drops the rest', () => {
    const lines = ['123456', 'ManchesterUnited', 'manchesterunited', 'fourteen-chars', 'x'.repeat(256), 'y'.repeat(257)];
    expect([...policyEntries(Buffer.from(lines.join('\n')))]).to.deep.equal(['manchesterunited', 'x'.repeat(256)]);
  });

  it('decodes a short non-ASCII line, since NFKC may lengthen it: U+FDFA is one character, 18 after NFKC', () => {
    const entries = policyEntries(Buffer.from('\uFDFA\r\nﬃﬃﬃﬃ\r\nshort\r\nlast line without newline'));
    expect([...entries]).to.deep.equal(['\uFDFA'.normalize('NFKC'), 'last line without newline']);
  });
});
