import { expect } from 'chai';
import { CONTEXT, memoryWorld, PASSWORD, seedMember, type MemoryWorld , SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';

const MINUTE = 60_000;
const login = (world: MemoryWorld, email: string, password: string, clientAddress = CONTEXT.clientAddress) =>
  world.useCases.login({ email, password }, { ...CONTEXT, clientAddress, presentedSessionToken: null });
const failTimes = async (world: MemoryWorld, email: string, times: number) => {
  for (let i = 0; i < times; i += 1) await expectDomainError(login(world, email, `${PASSWORD} wrong`), 'invalid_credentials');
};

describe('login throttling per email (CONTRACT §9)', () => {
  it('refuses the 11th attempt after 10 failures, right password included, without verifying it', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await failTimes(world, 'member@example.com', 10);
    const verifications = world.hasher.verifications.length;
    const refused = await expectDomainError(login(world, 'member@example.com', PASSWORD), 'too_many_requests');
    expect(refused.retryAfterSeconds).to.equal(900);
    expect(world.hasher.verifications.length).to.equal(verifications);
  });

  it('counts down Retry-After and lets the right password in once the window frees', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await failTimes(world, 'member@example.com', 10);
    world.clock.advance(10 * MINUTE + 500);
    expect((await expectDomainError(login(world, 'member@example.com', PASSWORD), 'too_many_requests')).retryAfterSeconds).to.equal(300);
    world.clock.advance(5 * MINUTE);
    expect((await login(world, 'MEMBER@example.com', PASSWORD)).user.email).to.equal('member@example.com');
  });

  it('keys on the normalised email, leaves other accounts alone, and resets on success', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await seedMember(world, 'other@example.com');
    await failTimes(world, ' Member@EXAMPLE.com', 9);
    await login(world, 'member@example.com', PASSWORD);
    await failTimes(world, 'member@example.com', 10);
    await expectDomainError(login(world, 'member@example.com', PASSWORD), 'too_many_requests');
    expect((await login(world, 'other@example.com', PASSWORD)).user.email).to.equal('other@example.com');
  });

  it('throttles an email without an account exactly alike, so a 429 reveals nothing', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await failTimes(world, 'ghost@example.com', 10);
    const ghost = await expectDomainError(login(world, 'ghost@example.com', PASSWORD), 'too_many_requests');
    await failTimes(world, 'member@example.com', 10);
    const member = await expectDomainError(login(world, 'member@example.com', PASSWORD), 'too_many_requests');
    expect(ghost).to.deep.equal(member);
  });

  it('is off at 0', async () => {
    const world = memoryWorld(undefined, { loginFailuresPerEmail: 0, authAttemptsPerAddress: 0 });
    await seedMember(world);
    await failTimes(world, 'member@example.com', 30);
    expect((await login(world, 'member@example.com', PASSWORD)).user.email).to.equal('member@example.com');
  });
});

describe('throttling per client address (CONTRACT §9)', () => {
  const world = memoryWorld(undefined, { loginFailuresPerEmail: 0, authAttemptsPerAddress: 4 });

  it('counts logins and registrations alike, successful or not, and answers 429 past the limit', async () => {
    const { code } = await world.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD }).then(() =>
      world.useCases.createInviteAsOperator('root@example.com', {}),
    );
    await world.useCases.registerWithInvite({ invite_code: code, email: 'a@example.com', password: PASSWORD, display_name: 'A' }, SIGN_IN);
    await login(world, 'a@example.com', PASSWORD);
    await expectDomainError(login(world, 'a@example.com', 'wrong'), 'invalid_credentials');
    await expectDomainError(login(world, 'a@example.com', 'x'.repeat(300)), 'validation_failed');
    const refused = await expectDomainError(login(world, 'a@example.com', PASSWORD), 'too_many_requests');
    expect(refused.retryAfterSeconds).to.equal(900);
    await expectDomainError(world.useCases.registerWithInvite({}, SIGN_IN), 'too_many_requests');
  });

  it('leaves other addresses alone', async () => {
    expect((await login(world, 'a@example.com', PASSWORD, '192.0.2.7')).user.email).to.equal('a@example.com');
  });
});
