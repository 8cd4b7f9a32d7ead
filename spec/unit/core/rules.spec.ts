import { expect } from 'chai';
import { DomainError } from '../../../src/core/domain/errors.js';
import { createTokenRules, loginRules, parse, registerRules } from '../../../src/core/rules.js';

const problemsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return (error as DomainError).problems;
  }
  throw new Error('expected a validation failure');
};
const valid = { invite_code: 'c', email: 'ada@example.com', password: 'tangerine-kites!', display_name: 'Ada' };

describe('input rules', () => {
  it('normalises emails: trimmed, NFKC, lowercased', () => {
    for (const email of [' Ada@Example.COM ', 'ａｄａ@example.com']) {
      expect(parse<{ email: string }>(registerRules, { ...valid, email }).email).to.equal('ada@example.com');
    }
  });

  const badEmails = ['ada', '@example.com', 'ada@localhost', '.ada@example.com', 'a..da@example.com', 'ada@-x.com',
    'ädä@example.com', `${'a'.repeat(65)}@example.com`, `ada@${'b'.repeat(64)}.com`, `a@${'b.'.repeat(130)}com`];
  for (const email of badEmails) {
    it(`refuses the email ${JSON.stringify(email).slice(0, 30)}`, () => {
      expect(problemsOf(() => parse(registerRules, { ...valid, email }))[0]?.loc).to.deep.equal(['email']);
    });
  }

  it('trims and NFC-normalises display names and refuses control and format characters', () => {
    expect(parse<{ display_name: string }>(registerRules, { ...valid, display_name: '  Zoe\u0301 ' }).display_name).to.equal('Zoé');
    for (const display_name of ['a\tb', 'a\u202eb', 'a\u200bb', 'a\u0085b', 'a\ud800b', '   ', 'x'.repeat(101)]) {
      expect(problemsOf(() => parse(registerRules, { ...valid, display_name }))[0]?.loc).to.deep.equal(['display_name']);
    }
  });

  it('reports non-objects at the root, unknown fields and __proto__ by name', () => {
    for (const input of [null, 42, 'x', [], undefined]) {
      expect(problemsOf(() => parse(loginRules, input))[0]?.loc).to.deep.equal([]);
    }
    expect(problemsOf(() => parse(loginRules, { email: 'a', password: 'b', role: 'admin' }))).to.deep.equal([
      { loc: ['role'], msg: 'is not allowed' },
    ]);
    expect(problemsOf(() => parse(loginRules, JSON.parse('{"email":"a","password":"b","__proto__":{}}')))[0]?.loc).to.deep.equal([
      '__proto__',
    ]);
  });

  it('never quotes the submitted value in a message', () => {
    const secret = 'hunter2-is-my-secret-value';
    const inputs = [
      { ...valid, password: secret.slice(0, 10), email: secret, display_name: `${secret}\u0000` },
      { ...valid, invite_code: secret.repeat(20) },
      { email: secret.repeat(20), password: `${secret}`.repeat(20) },
    ];
    for (const input of inputs) {
      const text = JSON.stringify(problemsOf(() => parse(registerRules, input)));
      expect(text).not.to.contain('hunter2');
    }
  });

  it('takes whole numbers only for counts, strictly typed', () => {
    expect(parse<{ expires_in_days: null }>(createTokenRules, { name: 'ci' }).expires_in_days).to.equal(null);
    for (const expires_in_days of ['5', 1.5, 0, 366, Number.POSITIVE_INFINITY]) {
      expect(problemsOf(() => parse(createTokenRules, { name: 'ci', expires_in_days }))[0]?.loc).to.deep.equal(['expires_in_days']);
    }
  });
});
