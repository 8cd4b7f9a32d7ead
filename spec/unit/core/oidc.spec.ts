import { expect } from 'chai';
import { mergeGrantsByClient } from '../../../src/core/domain/oidc-grant.js';
import { redirectUriProblem } from '../../../src/core/domain/redirect-uri.js';
import { makeUseCases } from '../../../src/core/use-cases/make-use-cases.js';
import { CONTEXT, memoryWorld, PASSWORD, SIGN_IN, seedMember, type MemoryWorld } from '../../support/unit/memory-ports.js';
import { expectDomainError } from '../../support/unit/expect-domain-error.js';
import { signedIn } from '../../support/unit/signed-in.js';

const adminPrincipal = async (world: MemoryWorld) => {
  const { session } = signedIn(await world.useCases.login({ email: 'root@example.com', password: PASSWORD }, SIGN_IN));
  return (await world.useCases.authenticateSession(session.token, CONTEXT)).principal;
};
const CLIENT = { name: 'Grafana', type: 'confidential', redirect_uris: ['https://grafana.example.com/cb'] };
const later = (world: MemoryWorld) => new Date(world.clock.now().getTime() + 3_600_000);

describe('OpenID client and grant use cases (memory adapters)', () => {
  it('redirect URIs: absolute http(s), no fragment, no credentials; in production https but to loopback hosts', () => {
    const cases: [string, boolean, string | null][] = [
      ['https://app.example.com/cb?x=1', true, null],
      ['http://app.example.com/cb', false, null],
      ['http://app.example.com/cb', true, 'must be https (http only to a loopback address)'],
      ['http://127.0.0.1:8400/cb', true, null],
      ['http://[::1]:8400/cb', true, null],
      ['http://localhost/cb', true, null],
      ['http://127.0.0.2/cb', true, 'must be https (http only to a loopback address)'],
      ['/cb', false, 'must be an absolute URL'],
      ['https://app.example.com/cb#x', false, 'must not have a fragment'],
      ['https://app.example.com/cb#', false, 'must not have a fragment'],
      ['https://user:pw@app.example.com/cb', false, 'must not carry credentials'],
      ['javascript:alert(1)', false, 'must be an http or https URL'],
      ['com.example.app:/cb', false, 'must be an http or https URL'],
    ];
    for (const [uri, production, problem] of cases) expect(redirectUriProblem(uri, production), `${uri} ${production}`).to.equal(problem);
  });

  it('merges a user\'s grants into one per client, the scopes of all, since the first', () => {
    const at = (iso: string) => new Date(iso);
    const merged = mergeGrantsByClient([
      { clientId: 'a', name: 'A', scopes: ['openid'], createdAt: at('2026-01-02T00:00:00.000Z') },
      { clientId: 'b', name: 'B', scopes: ['openid'], createdAt: at('2026-01-03T00:00:00.000Z') },
      { clientId: 'a', name: 'A', scopes: ['openid', 'email'], createdAt: at('2026-01-01T00:00:00.000Z') },
    ]);
    expect(merged).to.deep.equal([
      { clientId: 'a', name: 'A', scopes: ['openid', 'email'], createdAt: at('2026-01-01T00:00:00.000Z') },
      { clientId: 'b', name: 'B', scopes: ['openid'], createdAt: at('2026-01-03T00:00:00.000Z') },
    ]);
  });

  it('creates with an admin\'s recent session, a confidential client with a secret kept as its hash; the event in the admin\'s trail', async () => {
    const world = memoryWorld();
    await seedMember(world); // and the root admin
    const admin = await adminPrincipal(world);
    const { client, secret } = await world.useCases.createOidcClient(admin, CLIENT);
    expect(secret).to.be.a('string');
    expect(client).not.to.have.property('secretHash');
    expect(await world.ports.oidcClients.find(client.clientId)).to.deep.include({ secretHash: world.ports.secrets.hashOf(secret!) });
    const events = await world.ports.scopes.open(admin.userId).listEvents({ limit: 10, before: null });
    expect(events.map((e) => [e.type, e.actor, e.targetId])[0]).to.deep.equal(['oidc_client_created', 'admin', client.clientId]);
    world.clock.advance(16 * 60_000);
    await expectDomainError(world.useCases.createOidcClient(admin, CLIENT), 'step_up_required');
    expect(await world.useCases.listOidcClients(admin)).to.have.length(1);
  });

  it('refuses a member; the operator acts without a trail, logged instead', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    await expectDomainError(world.useCases.createOidcClient(member.principal, CLIENT), 'forbidden');
    const { client } = await world.useCases.createOidcClientAsOperator({ ...CLIENT, type: 'public' });
    expect(world.log.written.filter((e) => e.type === 'oidc_client_created')).to.deep.equal([
      { type: 'oidc_client_created', userId: null, actor: 'operator', actorId: null, targetId: client.clientId, clientAddress: null },
    ]);
    await world.useCases.deleteOidcClient('operator', client.clientId);
    await expectDomainError(world.useCases.getOidcClient('operator', client.clientId), 'not_found');
    await expectDomainError(world.useCases.deleteOidcClient('operator', client.clientId), 'not_found');
  });

  it('production refuses plain http redirect URIs, development takes them', async () => {
    const world = memoryWorld();
    const production = makeUseCases(world.ports, undefined, 'none', undefined, { production: true });
    const plain = { name: 'App', type: 'public', redirect_uris: ['http://app.example.com/cb'] };
    await expectDomainError(production.createOidcClientAsOperator(plain), 'validation_failed');
    expect((await world.useCases.createOidcClientAsOperator(plain)).client.redirectUris).to.deep.equal(['http://app.example.com/cb']);
  });

  it('lists and revokes a user\'s grants; a deleted client takes them along', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { client } = await world.useCases.createOidcClientAsOperator(CLIENT);
    await world.ports.oidcPayloads.upsert('Grant', 'g1', { accountId: member.user.id, clientId: client.clientId, openid: { scope: 'openid profile' } }, later(world));
    await world.ports.oidcPayloads.upsert('RefreshToken', 'r1', { accountId: member.user.id, clientId: client.clientId, grantId: 'g1' }, later(world));
    expect((await world.useCases.listMyOidcGrants(member.principal)).map((g) => [g.clientId, g.name, g.scopes])).to.deep.equal([
      [client.clientId, 'Grafana', ['openid', 'profile']],
    ]);
    await world.useCases.revokeMyOidcGrant(member.principal, client.clientId);
    expect(await world.ports.oidcPayloads.find('RefreshToken', 'r1')).to.equal(null);
    await expectDomainError(world.useCases.revokeMyOidcGrant(member.principal, client.clientId), 'not_found');
    const events = await world.ports.scopes.open(member.user.id).listEvents({ limit: 10, before: null });
    expect(events[0]).to.deep.include({ type: 'oidc_consent_revoked', targetId: client.clientId });
  });

  it('purges expired payloads, and answers how many', async () => {
    const world = memoryWorld();
    await world.ports.oidcPayloads.upsert('Session', 's1', {}, new Date(world.clock.now().getTime() + 1000));
    expect(await world.useCases.purgeExpiredOidcPayloads()).to.equal(0);
    world.clock.advance(1000);
    expect(await world.useCases.purgeExpiredOidcPayloads()).to.equal(1);
  });
});
