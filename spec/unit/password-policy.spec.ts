import { expect } from 'chai';
import { commonPasswordCount } from '../../src/core/domain/common-passwords.js';
import { passwordLengthProblem, passwordPolicyProblem } from '../../src/core/domain/password-policy.js';

const account = { email: 'ada.lovelace@example.com', displayName: 'Countess Ada' };
const policy = (password: string) => passwordLengthProblem(password.normalize('NFKC')) ?? passwordPolicyProblem(password.normalize('NFKC'), account);

describe('password rules (CONTRACT §4)', () => {
  const cases: [string, string, string | null][] = [
    ['a 15-character password', 'tangerine-kites', null],
    ['14 characters', 'tangerine-kite', 'must be at least 15 characters'],
    ['256 code points', 'ab'.repeat(128), null],
    ['257 code points', 'ab'.repeat(128) + 'c', 'must be at most 256 characters'],
    ['257 astral code points count once each', '😀'.repeat(257), 'must be at most 256 characters'],
    ['15 astral code points are 15 characters', '😀🎉'.repeat(7) + '🎈', null],
    ['a common password', 'passwordpassword', 'is too common'],
    ['a common password in other case', 'PassWordPassWord', 'is too common'],
    ['one character repeated', 'zzzzzzzzzzzzzzzz', 'must not be one repeated character'],
    ['ascending letters', 'abcdefghijklmnop', 'must not be a plain sequence of letters or digits'],
    ['descending capitals', 'PONMLKJIHGFEDCBA', 'must not be a plain sequence of letters or digits'],
    ['wrapping ascending digits', '7890123456789012', 'must not be a plain sequence of letters or digits'],
    ['descending digits', '9876543210987654', 'must not be a plain sequence of letters or digits'],
    ['a sequence with one break', 'abcdefghijklmnoq', null],
    ['the email local part', 'my ADA.LOVELACE secret', 'must not contain the email address'],
    ['the display name', 'hello countess ada!!', 'must not contain the display name'],
    ['full-width digits are NFKC digits', '１２３４５６７８９０１２３４５', 'must not be a plain sequence of letters or digits'],
    ['full-width letters NFKC to a common password', 'ｐａｓｓｗｏｒｄｐａｓｓｗｏｒｄ', 'is too common'],
  ];
  for (const [name, password, expected] of cases) {
    it(`${name} → ${expected ?? 'accepted'}`, () => expect(policy(password)).to.equal(expected));
  }

  it('does not apply the containment rule to parts shorter than 4 characters', () => {
    expect(passwordPolicyProblem('the quick brown fox jumps', { email: 'fox@example.com', displayName: 'Bo' })).to.equal(null);
  });

  it('bundles a breach-corpus list of tens of thousands of entries', () => {
    expect(commonPasswordCount()).to.be.greaterThan(40_000);
  });
});
