import { expect } from 'chai';
import type { Principal } from '../../../src/core/domain/principal.js';
import { CONTEXT, memoryWorld, PASSWORD, seedMember , SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const NEW_PASSWORD = 'a brand new passphrase';

describe('account self-service', () => {
  it('renames, and refuses a bad display name without changing it', async () => {
    const world = memoryWorld();
    const { principal, session } = await seedMember(world);
    expect((await world.useCases.updateDisplayName(principal, { display_name: ' Neo ' })).displayName).to.equal('Neo');
    await expectDomainError(world.useCases.updateDisplayName(principal, { display_name: '' }), 'validation_failed');
    const { principal: next } = await world.useCases.authenticateSession(session.token, CONTEXT);
    expect((await world.useCases.getMe(next)).displayName).to.equal('Neo');
  });

  it('changes the password: every old session dies, a new one works, the old password is refused', async () => {
    const world = memoryWorld();
    const { principal, session } = await seedMember(world);
    const other = signedIn(await world.useCases.login({ email: 'member@example.com', password: PASSWORD }, SIGN_IN));
    const grant = await world.useCases.changePassword(principal, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    await expectDomainError(world.useCases.authenticateSession(session.token, CONTEXT), 'not_authenticated');
    await expectDomainError(world.useCases.authenticateSession(other.session.token, CONTEXT), 'not_authenticated');
    expect((await world.useCases.authenticateSession(grant.token, CONTEXT)).principal.userId).to.equal(principal.userId);
    const login = (password: string) => world.useCases.login({ email: 'member@example.com', password }, SIGN_IN);
    await expectDomainError(login(PASSWORD), 'invalid_credentials');
    await login(NEW_PASSWORD);
  });

  it('refuses a wrong current password and API-token callers', async () => {
    const world = memoryWorld();
    const { principal } = await seedMember(world);
    await expectDomainError(world.useCases.changePassword(principal, { current_password: NEW_PASSWORD, new_password: NEW_PASSWORD }), 'invalid_credentials');
    const byToken: Principal = { ...principal, credential: { kind: 'api_token', tokenId: 'x' } };
    await expectDomainError(world.useCases.changePassword(byToken, { current_password: PASSWORD, new_password: NEW_PASSWORD }), 'forbidden');
    await expectDomainError(world.useCases.deleteAccount(byToken, { password: PASSWORD }), 'forbidden');
  });

  it('deletes the account with the password, and the email can register again', async () => {
    const world = memoryWorld();
    const { principal, session } = await seedMember(world);
    await expectDomainError(world.useCases.deleteAccount(principal, { password: NEW_PASSWORD }), 'invalid_credentials');
    await world.useCases.deleteAccount(principal, { password: PASSWORD });
    await expectDomainError(world.useCases.authenticateSession(session.token, CONTEXT), 'not_authenticated');
    const again = await seedMember(world);
    expect(again.user.id).not.to.equal(principal.userId);
  });
});
