import { expect } from 'chai';
import { CONTEXT, memoryWorld, PASSWORD , SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';

const DAY = 24 * 3600 * 1000;

describe('registerWithInvite', () => {
  const setup = async (inviteInput: unknown = {}) => {
    const world = memoryWorld();
    await world.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD });
    const { code } = await world.useCases.createInviteAsOperator('root@example.com', inviteInput);
    const register = (email: string, invite_code = code) =>
      world.useCases.registerWithInvite({ invite_code, email, password: PASSWORD, display_name: 'Neo' }, SIGN_IN);
    return { world, register };
  };

  it('creates a member with a working session and counts the use', async () => {
    const { world, register } = await setup();
    const { user, session } = await register('Neo@Example.com');
    expect(user.email).to.equal('neo@example.com');
    expect(user).not.to.have.property('role');
    const auth = await world.useCases.authenticateSession(session.token, CONTEXT);
    expect(auth.principal).to.include({ userId: user.id, role: 'member' });
  });

  it('refuses unknown and expired codes as invite_invalid', async () => {
    const { world, register } = await setup({ expires_in_days: 1 });
    await expectDomainError(register('a@example.com', 'nope'), 'invite_invalid');
    world.clock.advance(DAY);
    await expectDomainError(register('a@example.com'), 'invite_invalid');
  });

  it('refuses an exhausted invite before looking at the email, and consumes nothing on refusal', async () => {
    const { register } = await setup({ max_uses: 2 });
    await register('one@example.com');
    await expectDomainError(register('one@example.com'), 'email_taken');
    await register('two@example.com');
    await expectDomainError(register('one@example.com'), 'invite_exhausted');
  });

  it("applies the password policy with the new account's own email and display name", async () => {
    const { register, world } = await setup();
    const error = await expectDomainError(
      world.useCases.registerWithInvite({ invite_code: 'x', email: 'trinity@example.com', password: 'I am trinity, really', display_name: 'T' }, SIGN_IN),
      'validation_failed',
    );
    expect(error.problems).to.deep.equal([{ loc: ['password'], msg: 'must not contain the email address' }]);
    await register('ok@example.com');
  });
});
