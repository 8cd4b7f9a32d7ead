import { expect } from 'chai';
import { CONTEXT, memoryWorld, PASSWORD, seedMember, type MemoryWorld } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const EMAIL = 'member@example.com';
const login = (world: MemoryWorld, password: string, deviceToken: string | null = null) =>
  world.useCases.login({ email: EMAIL, password }, { ...CONTEXT, presentedSessionToken: null, deviceToken });
const deviceOf = async (world: MemoryWorld): Promise<string> => {
  const { device } = signedIn(await login(world, PASSWORD));
  return device.token;
};

/** Decision 0018 on the memory adapters: which budget an attempt is counted on. */
describe('trusted devices: a budget of their own (ASVS 6.1.1)', () => {
  it("counts the attacker's failures on the email and the owner's browser on its device", async () => {
    const world = memoryWorld();
    await seedMember(world);
    const device = await deviceOf(world);
    for (let i = 0; i < 10; i += 1) await expectDomainError(login(world, 'wrong password, attacker'), 'invalid_credentials');
    await expectDomainError(login(world, PASSWORD), 'too_many_requests');
    const verifications = world.hasher.verifications.length;
    expect(signedIn(await login(world, PASSWORD, device)).session.token).to.be.a('string');
    expect(world.hasher.verifications.length, 'the device path verifies the password').to.equal(verifications + 1);
  });

  it('refuses the device after its own ten failures, without verifying, and logs the device limiter', async () => {
    const world = memoryWorld();
    await seedMember(world);
    const device = await deviceOf(world);
    for (let i = 0; i < 10; i += 1) await expectDomainError(login(world, 'wrong password, stolen cookie', device), 'invalid_credentials');
    const verifications = world.hasher.verifications.length;
    await expectDomainError(login(world, PASSWORD, device), 'too_many_requests');
    expect(world.hasher.verifications.length).to.equal(verifications);
    expect(world.log.written.some((entry) => entry.type === 'login_throttled' && entry.limiter === 'device')).to.equal(true);
  });

  it('issues a new device cookie at each completed login', async () => {
    const world = memoryWorld();
    await seedMember(world);
    const first = await deviceOf(world);
    expect(await deviceOf(world)).not.to.equal(first);
  });
});
