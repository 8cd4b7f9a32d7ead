import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { BUNDLED_CORPUS, BundledBreachList } from '../../../src/adapters/blocklist/bundled-breach-list.js';
import { DomainError } from '../../../src/core/domain/errors.js';
import { passwordPolicyProblem } from '../../../src/core/domain/password-policy.js';
import { CountingHasher } from '../../support/unit/counting-hasher.js';
import { memoryWorld } from '../../support/unit/memory-ports.js';

/** A hasher that fails the test if the rules let a password reach it. */
class RefusingHasher extends CountingHasher {
  override async hash(): Promise<string> {
    throw new Error('a password that breaks the rules was hashed');
  }
}

const EMAIL = 'ada.lovelace@example.com';
const NAME = 'Countess Ada';
/** As if SERVICE_PASSWORD_CONTEXT_WORDS said so; `gatehouse` is the product's own, always refused. */
const CONTEXT_WORDS = ['lighthouse'];
/** The shared rules as the CLI's create-admin and HTTP registration both apply them. */
const problemOf = async (password: string, hasher = new CountingHasher()): Promise<string | null> => {
  const world = memoryWorld(hasher, undefined, CONTEXT_WORDS);
  try {
    await world.useCases.createAdmin({ email: EMAIL, password, display_name: NAME });
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.problems.map((p) => `${p.loc.join('.')} ${p.msg}`).join('; ');
  }
};

// Each rule: a passing case, a failing case, and a failing NFKC equivalent (full-width forms and ligatures).
const TABLE: [rule: string, password: string, expected: string | null][] = [
  ['length: 15 code points', 'tangerine-kites', null],
  ['length: 14 code points', 'tangerine-kite', 'password must be at least 15 characters'],
  ['length: 5 ligatures are 15 after NFKC', 'ﬃ'.repeat(5), null],
  ['length: 256 code points', 'ab'.repeat(128), null],
  ['length: 257 code points', `${'ab'.repeat(128)}c`, 'password must be at most 256 characters'],
  ['length: 86 ligatures are 258 after NFKC', 'ﬃ'.repeat(86), 'password must be at most 256 characters'],
  ['length: 256 astral code points', '😀🎉'.repeat(128), null],
  ['length: 257 astral code points', '😀'.repeat(257), 'password must be at most 256 characters'],
  ['breached: not on the list', 'quiet harbour lanterns', null],
  ['breached: on the list', 'passwordpassword', 'password is a known breached password'],
  ['breached: on the list in other case', 'QWERTYUIOP12345', 'password is a known breached password'],
  ['breached: full-width form of a listed one', 'ｐａｓｓｗｏｒｄｓｔａｎｄａｒｄ', 'password is a known breached password'],
  ['breached: rank 93,246 of the million', 'manchesterunited', 'password is a known breached password'],
  ['breached: rank 536,139, in other case', 'ILoveYouForever', 'password is a known breached password'],
  ['repeated: two characters alternating', 'zyzyzyzyzyzyzyzy', null],
  ['repeated: one character', 'zzzzzzzzzzzzzzzz', 'password must not be one repeated character'],
  ['repeated: full-width z is z', 'ｚｚｚｚｚｚｚｚｚｚｚｚｚｚｚｚ', 'password must not be one repeated character'],
  ['sequence: broken once', 'abcdefghijklmnoq', null],
  ['sequence: ascending letters', 'abcdefghijklmnop', 'password must not be a plain sequence of letters or digits'],
  ['sequence: descending capitals', 'PONMLKJIHGFEDCBA', 'password must not be a plain sequence of letters or digits'],
  ['sequence: digits wrapping', '7890123456789012', 'password must not be a plain sequence of letters or digits'],
  ['sequence: full-width digits', '１２３４５６７８９０１２３４５', 'password must not be a plain sequence of letters or digits'],
  ['email: other words', 'my lovely secret phrase', null],
  ['email: contains the local part', 'my ADA.LOVELACE secret', 'password must not contain the email address'],
  ['email: full-width local part', 'my ａｄａ.ｌｏｖｅｌａｃｅ secret', 'password must not contain the email address'],
  ['name: other words', 'hello duchess byron!!', null],
  ['name: contains the display name', 'hello countess ada!!', 'password must not contain the display name'],
  ['name: full-width display name', 'hello ｃｏｕｎｔｅｓｓ ａｄａ!!', 'password must not contain the display name'],
  ['context: other words', 'gate and house and light', null],
  ['context: the product name', 'my GateHouse secret 2024', 'password must not contain words specific to this service'],
  ['context: full-width product name', 'my ｇａｔｅｈｏｕｓｅ secret', 'password must not contain words specific to this service'],
  ['context: a configured word', 'the LIGHTHOUSE keeper sings', 'password must not contain words specific to this service'],
];

describe('password rules table (CONTRACT §4), through the shared rules', () => {
  for (const [rule, password, expected] of TABLE) {
    it(`${rule} → ${expected ?? 'accepted'}`, async () => expect(await problemOf(password)).to.equal(expected));
  }

  it('does not apply the containment rules to an email local part or name shorter than 4 characters', () => {
    expect(passwordPolicyProblem('the quick brown fox jumps', { email: 'fox@example.com', displayName: 'Bo' })).to.equal(null);
    expect(passwordPolicyProblem('the quick brown fox jumps', { email: 'foxy@example.com', displayName: 'quick' })).to.equal(
      'must not contain the display name',
    );
  });

  it('checks the 256 limit before any hashing', async () => {
    expect(await problemOf('x'.repeat(100_000), new RefusingHasher())).to.equal('password must be at most 256 characters');
  });

  it('bundles the top 1,000,000 of a breach corpus, of which exactly 9,728 meet the length rule (ASVS 6.2.4 asks 3,000)', async () => {
    const lines = readFileSync(BUNDLED_CORPUS, 'utf8').split('\n').filter(Boolean);
    expect([lines.length, await new BundledBreachList().countEntries()]).to.deep.equal([999_999, 9_728]);
  });

  it('refuses the product name whatever the configured words, and a configured word only where configured', () => {
    const account = { email: 'x@example.com', displayName: 'X' };
    expect(passwordPolicyProblem('welcome to gatehouse', account, [])).to.equal('must not contain words specific to this service');
    expect(passwordPolicyProblem('the lighthouse keeper sings', account, [])).to.equal(null);
  });
});
