import { expect } from 'chai';
import { SESSION_IDLE_MS } from '../../../src/core/domain/session.js';
import { CONTEXT, memoryWorld, PASSWORD, SIGN_IN, seedMember, type MemoryWorld } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const adminPrincipal = async (world: MemoryWorld) => {
  const { session } = signedIn(await world.useCases.login({ email: 'root@example.com', password: PASSWORD }, SIGN_IN));
  return (await world.useCases.authenticateSession(session.token, CONTEXT)).principal;
};

describe('an admin reads another user’s second factors and sessions (memory adapters)', () => {
  it('lists the factors one by one: a confirmed app with its date, each passkey by name, the codes left; never a secret', async () => {
    const world = memoryWorld();
    const { user } = await seedMember(world);
    const admin = await adminPrincipal(world);
    expect(await world.useCases.getUserFactors(admin, user.id)).to.deep.equal({ totp: null, passkeys: [], recoveryCodesLeft: 0 });

    const factors = world.ports.scopes.open(user.id).factors;
    const setUp = world.clock.now();
    await factors.insertTotp({ id: world.ports.ids.next(), userId: user.id, sealedSecret: 'sealed-secret', createdAt: setUp, confirmedAt: null, lastUsedStep: 0 });
    expect((await world.useCases.getUserFactors(admin, user.id)).totp, 'an app still being set up is no factor yet').to.equal(null);
    world.clock.advance(60_000);
    const confirmedAt = world.clock.now();
    await factors.confirmTotp(confirmedAt, 1);
    await factors.insertPasskey({
      id: world.ports.ids.next(),
      userId: user.id,
      name: 'Laptop',
      credentialId: 'credential-id',
      publicKey: 'public-key',
      counter: 0,
      transports: '',
      createdAt: confirmedAt,
      lastUsedAt: null,
    });
    await factors.replaceRecoveryCodes(
      ['a', 'b', 'c'].map((hash) => ({ id: world.ports.ids.next(), userId: user.id, codeHash: hash, createdAt: confirmedAt })),
    );

    const read = await world.useCases.getUserFactors(admin, user.id);
    expect(read.totp).to.deep.equal({ confirmedAt });
    expect(read.passkeys.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt }))).to.deep.equal([{ name: 'Laptop', createdAt: confirmedAt, lastUsedAt: null }]);
    expect(read.recoveryCodesLeft).to.equal(3);
    const text = JSON.stringify(read);
    for (const secret of ['sealed-secret', 'credential-id', 'public-key']) expect(text, secret).to.not.contain(secret);
  });

  it('lists the live sessions, newest first, with their user agents; an expired one is left out, the admin’s own is marked on its own page', async () => {
    const world = memoryWorld();
    const { user } = await seedMember(world);
    world.clock.advance(6 * DAY_MS);
    signedIn(await world.useCases.login({ email: 'member@example.com', password: PASSWORD }, { ...SIGN_IN, userAgent: FIREFOX }));
    world.clock.advance(2 * DAY_MS);
    const admin = await adminPrincipal(world);

    const sessions = await world.useCases.listUserSessions(admin, user.id);
    expect(sessions.map((session) => [session.userAgent, session.current]), `the first, idle 8 days (more than ${SESSION_IDLE_MS / DAY_MS}), has expired`).to.deep.equal([[FIREFOX, false]]);

    const own = await world.useCases.listUserSessions(admin, admin.userId);
    expect(own.map((session) => session.current)).to.deep.equal([true]);
  });

  it('refuses a member, and names no user for an unknown id', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    await expectDomainError(world.useCases.getUserFactors(member.principal, member.user.id), 'forbidden');
    await expectDomainError(world.useCases.listUserSessions(member.principal, member.user.id), 'forbidden');
    const admin = await adminPrincipal(world);
    await expectDomainError(world.useCases.getUserFactors(admin, '00000000-0000-7000-8000-000000000000'), 'not_found');
    await expectDomainError(world.useCases.listUserSessions(admin, 'not-a-uuid'), 'not_found');
  });
});
