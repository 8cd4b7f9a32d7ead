import { expect } from 'chai';
import { memoryWorld } from '../../support/unit/memory-ports.js';

const kidsOf = (jwks: string[]) => jwks.map((jwk) => (JSON.parse(jwk) as { kid: string; alg: string }));

describe('OpenID signing key use cases (memory adapters)', () => {
  it('makes one RS256 and one ES256 key at the first load, and the same keys after', async () => {
    const world = memoryWorld();
    const first = kidsOf(await world.useCases.loadOidcSigningKeys());
    expect(first.map((key) => key.alg)).to.have.members(['RS256', 'ES256']);
    expect(kidsOf(await world.useCases.loadOidcSigningKeys())).to.deep.equal(first);
  });

  it('a rotation puts new keys first, keeps the old published for an hour, and is logged as the operator\'s', async () => {
    const world = memoryWorld();
    const old = kidsOf(await world.useCases.loadOidcSigningKeys()).map((key) => key.kid);
    const { kids, deleted, publishedForMs } = await world.useCases.rotateOidcSigningKeysAsOperator();
    expect([deleted, publishedForMs]).to.deep.equal([0, 3_600_000]);
    const published = kidsOf(await world.useCases.loadOidcSigningKeys()).map((key) => key.kid);
    expect(published.slice(0, 2)).to.have.members(kids);
    expect(published.slice(2)).to.have.members(old);
    expect(world.log.written.filter((entry) => entry.type === 'oidc_signing_keys_rotated')).to.deep.equal([
      { type: 'oidc_signing_keys_rotated', userId: null, actor: 'operator', actorId: null, targetId: kids[0] },
    ]);
    world.clock.advance(3_600_000);
    expect(kidsOf(await world.useCases.loadOidcSigningKeys()).map((key) => key.kid)).to.have.members(kids).and.to.have.length(2);
    world.clock.advance(1);
    expect((await world.useCases.rotateOidcSigningKeysAsOperator()).deleted).to.equal(2);
  });
});
