import { expect } from 'chai';
import { CONTEXT, memoryWorld, PASSWORD, seedMember } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

describe('create-admin and invites', () => {
  it('creates admins, defaulting the display name to the local part, and never touches an existing row', async () => {
    const world = memoryWorld();
    const admin = await world.useCases.createAdmin({ email: 'Ops@Example.com', password: PASSWORD });
    expect(admin.displayName).to.equal('ops');
    const before = await world.ports.auth.findUserByEmail('ops@example.com');
    await expectDomainError(world.useCases.createAdmin({ email: 'ops@example.com', password: 'another fine passphrase' }), 'email_taken');
    expect(await world.ports.auth.findUserByEmail('ops@example.com')).to.deep.equal(before);
    await world.useCases.createAdmin({ email: 'second@example.com', password: PASSWORD });
  });

  it('applies the registration rules to create-admin', async () => {
    const world = memoryWorld();
    const error = await expectDomainError(world.useCases.createAdmin({ email: 'ops@example.com', password: 'short' }), 'validation_failed');
    expect(error.problems).to.deep.equal([{ loc: ['password'], msg: 'must be at least 15 characters' }]);
  });

  it('checks a new admin before any password exists: the shared rules, then an existing email', async () => {
    const world = memoryWorld();
    await world.useCases.createAdmin({ email: 'ops@example.com', password: PASSWORD });
    const invalid = await expectDomainError(world.useCases.checkNewAdmin({ email: 'ops@@example.com', display_name: '' }), 'validation_failed');
    expect(invalid.problems.map((problem) => problem.loc)).to.have.deep.members([['email'], ['display_name']]);
    await expectDomainError(world.useCases.checkNewAdmin({ email: ' OPS@Example.com ' }), 'email_taken');
    await world.useCases.checkNewAdmin({ email: 'new@example.com', display_name: 'New' });
    expect(await world.ports.auth.findUserByEmail('new@example.com')).to.equal(null);
  });

  it('lets admins issue invites with defaults, and forbids members and unknown operators', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const admin = await world.useCases.authenticateSession(
      signedIn(await world.useCases.login({ email: 'root@example.com', password: PASSWORD }, { userAgent: null, clientAddress: '::1', presentedSessionToken: null })).session.token,
      CONTEXT,
    );
    const { invite, code } = await world.useCases.createInvite(admin.principal, {});
    expect(invite).to.include({ maxUses: 1, usedCount: 0 });
    expect(invite.expiresAt.getTime() - invite.createdAt.getTime()).to.equal(7 * 24 * 3600 * 1000);
    expect(code.length).to.be.at.least(22);
    await expectDomainError(world.useCases.createInvite(member.principal, {}), 'forbidden');
    await expectDomainError(world.useCases.createInviteAsOperator('member@example.com', {}), 'forbidden');
    await expectDomainError(world.useCases.createInviteAsOperator('nobody@example.com', {}), 'forbidden');
    await expectDomainError(world.useCases.createInvite(admin.principal, { max_uses: 1001 }), 'validation_failed');
  });
});
