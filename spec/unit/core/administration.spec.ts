import { expect } from 'chai';
import { encodeCursor } from '../../../src/core/domain/page-cursor.js';
import { makeUseCases } from '../../../src/core/use-cases/make-use-cases.js';
import { CONTEXT, memoryWorld, PASSWORD, SIGN_IN, seedMember, type MemoryWorld } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const adminPrincipal = async (world: MemoryWorld) => {
  const { session } = signedIn(await world.useCases.login({ email: 'root@example.com', password: PASSWORD }, SIGN_IN));
  return (await world.useCases.authenticateSession(session.token, CONTEXT)).principal;
};

describe('administration use cases (memory adapters)', () => {
  it('reads the role from the store at each call: a principal claiming admin is still refused', async () => {
    const world = memoryWorld();
    const { principal } = await seedMember(world);
    await expectDomainError(world.useCases.listUsers({ ...principal, role: 'admin' }, {}), 'forbidden');
    const admin = await adminPrincipal(world);
    expect((await world.useCases.listUsers(admin, {})).items).to.have.length(2);
  });

  it('writes every admin change with actor admin and the acting admin, and the operator\'s with actor operator', async () => {
    const world = memoryWorld();
    const { user } = await seedMember(world);
    const admin = await adminPrincipal(world);
    await world.useCases.disableUser(admin, { id: user.id });
    await world.useCases.enableUser('operator', { email: 'MEMBER@example.com' });
    const events = await world.ports.scopes.open(user.id).listEvents({ limit: 10, before: null });
    expect(events.slice(0, 2).map((e) => [e.type, e.actor, e.actorId])).to.deep.equal([
      ['user_enabled', 'operator', null],
      ['user_disabled', 'admin', admin.userId],
    ]);
    expect(world.log.written.filter((e) => e.type === 'user_disabled'), 'and reach the security log once committed').to.have.length(1);
  });

  it('refuses a disabled user on every path: session, token, password, second step, step-up', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    await world.useCases.disableUser('operator', { id: member.user.id });
    await expectDomainError(world.useCases.authenticateSession(member.session.token, CONTEXT), 'not_authenticated');
    // The right password learns the account is disabled (a page says so; the API maps it to invalid_credentials).
    await expectDomainError(world.useCases.login({ email: 'member@example.com', password: PASSWORD }, SIGN_IN), 'account_disabled');
    await expectDomainError(world.useCases.login({ email: 'member@example.com', password: `${PASSWORD}x` }, SIGN_IN), 'invalid_credentials');
    await expectDomainError(world.useCases.stepUp(member.principal, { password: PASSWORD }), 'invalid_credentials');
  });

  it('refuses the second step of a disabled user whose pending login outlived the disabling (a race)', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const scope = world.ports.scopes.open(member.user.id);
    const { secret, hash } = world.ports.secrets.issue('pending_login');
    const now = world.clock.now();
    await scope.factors.insertPendingLogin({ id: world.ports.ids.next(), userId: member.user.id, secretHash: hash, attempts: 0, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) });
    await scope.updateUser({ disabledAt: now });
    await expectDomainError(world.useCases.completeLoginWithCode(secret, { code: '123456' }, SIGN_IN), 'invalid_credentials');
    expect(await world.ports.auth.findPendingLoginBySecretHash(hash)).to.equal(null);
  });

  it('rolls the whole change back when its event cannot be written', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const scope = world.ports.scopes.open(member.user.id);
    // The event's id is not a UUID, so the trail insert fails after the user row was changed.
    const useCases = makeUseCases({ ...world.ports, ids: { next: () => 'not-a-uuid' } });
    const error = await useCases.disableUser('operator', { id: member.user.id }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((await scope.findUser())?.disabledAt).to.equal(null);
    expect(await scope.listSessions()).to.have.length(1);
  });

  it('pages with an opaque cursor and refuses one it did not issue', async () => {
    const world = memoryWorld();
    await seedMember(world);
    await seedMember(world, 'second@example.com');
    const first = await world.useCases.listUsers('operator', { limit: '2' });
    expect(first.items).to.have.length(2);
    const rest = await world.useCases.listUsers('operator', { limit: '2', cursor: first.nextCursor });
    expect([rest.items.length, rest.nextCursor]).to.deep.equal([1, null]);
    const bad = await expectDomainError(world.useCases.listUsers('operator', { cursor: encodeCursor('x') }), 'validation_failed');
    expect(bad.problems).to.deep.equal([{ loc: ['query', 'cursor'], msg: 'is not a cursor this service issued' }]);
  });
});
