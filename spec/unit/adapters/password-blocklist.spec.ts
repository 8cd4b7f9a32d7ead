import { expect } from 'chai';
import { unlinkSync } from 'node:fs';
import { passwordBlocklistFor } from '../../../src/adapters/blocklist/password-blocklist-for.js';
import { DomainError } from '../../../src/core/domain/errors.js';
import { makeUseCases } from '../../../src/core/use-cases/make-use-cases.js';
import { memoryWorld, PASSWORD, SIGN_IN, seedMember } from '../../support/unit/memory-ports.js';
import { fillerHashes, pwnedFileText, sha1, tempFile } from '../../support/unit/pwned-file.js';

/** In the operator's Pwned Passwords file only: the bundled list does not know it. */
const ONLY_IN_PWNED_FILE = 'Purple Monkey Dishwasher 1';

/** Every path that sets a password, on one world whose blocklist has context words and a Pwned Passwords file. */
const worldWithBlocklist = async (pwnedPath: string) => {
  const base = memoryWorld();
  const blocklist = passwordBlocklistFor({ passwordContextWords: ['acme'], pwnedPasswordsPath: pwnedPath });
  const world = { ...base, useCases: makeUseCases({ ...base.ports, blocklist }) };
  const { principal } = await seedMember(world);
  const { code } = await world.useCases.createInviteAsOperator('root@example.com', { max_uses: 10 });
  const paths: [name: string, field: string, set: (password: string) => Promise<unknown>][] = [
    ['registration', 'password', (password) =>
      world.useCases.registerWithInvite({ invite_code: code, email: 'new@example.com', password, display_name: 'New' }, SIGN_IN)],
    ['create-admin', 'password', (password) => world.useCases.createAdmin({ email: 'admin2@example.com', password })],
    ['password change', 'new_password', (password) =>
      world.useCases.changePassword(principal, { current_password: PASSWORD, new_password: password })],
  ];
  return { world, paths };
};

const problemsOf = async (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => 'accepted',
    (error: unknown) => (error instanceof DomainError ? error.problems : error),
  );

describe('password blocklist on every path that sets a password', () => {
  let file: ReturnType<typeof tempFile>;
  beforeEach(() => (file = tempFile(pwnedFileText([sha1(ONLY_IN_PWNED_FILE), ...fillerHashes(1_000)]))));
  afterEach(() => file.cleanup());

  it('refuses a bundled breached password, one in the Pwned Passwords file, and a context word', async () => {
    const { paths } = await worldWithBlocklist(file.path);
    for (const [name, field, set] of paths) {
      expect(await problemsOf(set('ManchesterUnited')), name).to.deep.equal([{ loc: [field], msg: 'is a known breached password' }]);
      expect(await problemsOf(set(ONLY_IN_PWNED_FILE)), name).to.deep.equal([{ loc: [field], msg: 'is a known breached password' }]);
      expect(await problemsOf(set('welcome to ACME widgets')), name).to.deep.equal([
        { loc: [field], msg: 'must not contain words specific to this service' },
      ]);
      expect(await problemsOf(set('quiet harbour lanterns')), name).to.equal('accepted');
    }
  });

  it('fails closed when the Pwned Passwords file is unreadable at run time: an error, and nothing written', async () => {
    const { world, paths } = await worldWithBlocklist(file.path);
    unlinkSync(file.path);
    for (const [name, , set] of paths) {
      const outcome = await problemsOf(set('quiet harbour lanterns'));
      expect(outcome, name).to.be.instanceOf(Error).with.property('code', 'ENOENT');
    }
    expect(await world.ports.auth.findUserByEmail('new@example.com')).to.equal(null);
    expect(await world.ports.auth.findUserByEmail('admin2@example.com')).to.equal(null);
    await world.useCases.login({ email: 'member@example.com', password: PASSWORD }, SIGN_IN);
  });
});
