import { expect } from 'chai';
import { makeUseCases } from '../../../src/core/use-cases/make-use-cases.js';
import { CountingHasher } from '../../support/unit/counting-hasher.js';
import { CONTEXT, memoryWorld, PASSWORD, seedMember , SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const login = (world: ReturnType<typeof memoryWorld>, email: string, password: string, presentedSessionToken: string | null = null) =>
  world.useCases.login({ email, password }, { ...CONTEXT, presentedSessionToken });

describe('login', () => {
  it('logs in by normalised email and opens a new session', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { user, session } = signedIn(await login(world, '  MEMBER@example.com', PASSWORD));
    expect(user.id).to.equal(member.user.id);
    expect(session.token).not.to.equal(member.session.token);
  });

  it('answers an unknown email and a wrong password alike, with one verification each at the same parameters', async () => {
    const world = memoryWorld();
    await seedMember(world);
    world.hasher.verifications.length = 0;
    const unknown = await expectDomainError(login(world, 'ghost@example.com', PASSWORD), 'invalid_credentials');
    const wrong = await expectDomainError(login(world, 'member@example.com', `${PASSWORD}!`), 'invalid_credentials');
    expect(unknown).to.deep.equal(wrong);
    expect(world.hasher.verifications.map((v) => v.params)).to.deep.equal(['v1', 'v1']);
  });

  it('kills a session cookie presented with the login (fixation)', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    await login(world, 'member@example.com', PASSWORD, member.session.token);
    await expectDomainError(world.useCases.authenticateSession(member.session.token, CONTEXT), 'not_authenticated');
  });

  it('upgrades a hash made with older parameters on the next successful login', async () => {
    const world = memoryWorld(new CountingHasher('v0'));
    const member = await seedMember(world);
    const upgraded = makeUseCases({ ...world.ports, hasher: new CountingHasher('v2') });
    await upgraded.login({ email: 'member@example.com', password: PASSWORD }, SIGN_IN);
    const stored = await world.ports.scopes.open(member.user.id).findUser();
    expect(stored?.passwordHash).to.equal(`fake$v2$${PASSWORD}`);
  });

  it('checks only the shape of its body', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await expectDomainError(login(world, 'member@example.com', 'short'), 'invalid_credentials');
    await expectDomainError(login(world, 'member@example.com', 'x'.repeat(257)), 'validation_failed');
  });
});
