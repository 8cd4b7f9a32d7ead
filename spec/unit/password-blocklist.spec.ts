import { expect } from 'chai';
import { DomainError } from '../../src/core/domain/errors.js';
import { memoryWorld, PASSWORD, seedMember, SIGN_IN } from '../support/unit/memory-ports.js';

/** Every path that sets a password, on one world whose deployment adds the context word `acme`. */
const worldWithBlocklist = async () => {
  const world = memoryWorld(undefined, undefined, ['acme']);
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
  it('refuses a bundled breached password and a context word', async () => {
    const { paths } = await worldWithBlocklist();
    for (const [name, field, set] of paths) {
      expect(await problemsOf(set('ManchesterUnited')), name).to.deep.equal([{ loc: [field], msg: 'is a known breached password' }]);
      expect(await problemsOf(set('welcome to ACME widgets')), name).to.deep.equal([
        { loc: [field], msg: 'must not contain words specific to this service' },
      ]);
      expect(await problemsOf(set('quiet harbour lanterns')), name).to.equal('accepted');
    }
  });
});
