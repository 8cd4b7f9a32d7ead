import { expect } from 'chai';
import { API_TOKEN_PREFIX } from '../../../src/core/domain/api-token.js';
import { CONTEXT, memoryWorld, PASSWORD, seedMember , SIGN_IN } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';

const DAY = 24 * 3600 * 1000;

describe('sessions and API tokens', () => {
  it("lists only the caller's live sessions, newest first, marking the current one", async () => {
    const world = memoryWorld();
    const a = await seedMember(world, 'a@example.com');
    await seedMember(world, 'b@example.com');
    world.clock.advance(1000);
    await world.useCases.login({ email: 'a@example.com', password: PASSWORD }, SIGN_IN);
    const list = await world.useCases.listSessions(a.principal);
    expect(list.map((s) => s.current)).to.deep.equal([false, true]);
    expect(list[0]!.createdAt.getTime()).to.be.greaterThan(list[1]!.createdAt.getTime());
  });

  it("revokes one session, others, and answers not_found for another user's session", async () => {
    const world = memoryWorld();
    const a = await seedMember(world, 'a@example.com');
    const b = await seedMember(world, 'b@example.com');
    const [bSession] = await world.useCases.listSessions(b.principal);
    await expectDomainError(world.useCases.revokeSession(a.principal, bSession!.id), 'not_found');
    await world.useCases.login({ email: 'a@example.com', password: PASSWORD }, SIGN_IN);
    await world.useCases.revokeOtherSessions(a.principal);
    expect((await world.useCases.listSessions(a.principal)).map((s) => s.current)).to.deep.equal([true]);
    expect(await world.useCases.revokeSession(a.principal, (a.principal.credential as { sessionId: string }).sessionId)).to.deep.equal({ wasCurrent: true });
    await expectDomainError(world.useCases.authenticateSession(a.session.token, CONTEXT), 'not_authenticated');
  });

  it('issues a prefixed token that works, stores only its hash, expires and revokes', async () => {
    const world = memoryWorld();
    const a = await seedMember(world);
    const { token, secret } = await world.useCases.createApiToken(a.principal, { name: 'ci', expires_in_days: 1 });
    expect(secret.startsWith(API_TOKEN_PREFIX)).to.equal(true);
    expect(secret.length).to.be.greaterThan(API_TOKEN_PREFIX.length + 42);
    const principal = await world.useCases.authenticateApiToken(secret, CONTEXT);
    expect(principal.credential).to.deep.equal({ kind: 'api_token', tokenId: token.id });
    expect((await world.useCases.listApiTokens(a.principal))[0]?.lastUsedAt).to.deep.equal(world.clock.now());
    world.clock.advance(DAY);
    await expectDomainError(world.useCases.authenticateApiToken(secret, CONTEXT), 'not_authenticated');
    await world.useCases.revokeApiToken(a.principal, token.id);
    await expectDomainError(world.useCases.revokeApiToken(a.principal, token.id), 'not_found');
  });

  it('expires sessions after 7 idle days and deletes them when seen', async () => {
    const world = memoryWorld();
    const a = await seedMember(world);
    world.clock.advance(7 * DAY);
    await expectDomainError(world.useCases.authenticateSession(a.session.token, CONTEXT), 'not_authenticated');
    expect(await world.ports.scopes.open(a.user.id).listSessions()).to.deep.equal([]);
  });
});
