import { expect } from 'chai';
import { newSigningKeys } from '../../../src/core/use-cases/oidc/load-oidc-signing-keys.js';
import { memoryWorld } from '../../support/unit/memory-ports.js';

const kidsOf = (jwks: string[]) => jwks.map((jwk) => (JSON.parse(jwk) as { kid: string; alg: string }));

describe('OpenID signing key use cases (memory adapters)', () => {
  it('makes one RS256 and one ES256 (P-256) key at the first load, in that order (discovery lists them so), and the same keys after', async () => {
    const world = memoryWorld();
    const first = kidsOf(await world.useCases.loadOidcSigningKeys());
    expect(first.map((key) => key.alg)).to.deep.equal(['RS256', 'ES256']);
    expect((JSON.parse((await world.useCases.loadOidcSigningKeys()).find((jwk) => jwk.includes('ES256'))!) as { kty: string; crv: string }).crv).to.equal('P-256');
    expect(kidsOf(await world.useCases.loadOidcSigningKeys())).to.deep.equal(first);
  });

  it('a store with a current key of one algorithm only (an RS256 key) gains the missing ES256 key at the next load and keeps the one', async () => {
    const world = memoryWorld();
    const old = newSigningKeys(world.ports, world.clock.now(), ['RS256']);
    await world.ports.oidcKeys.addWhereMissing(old);
    const loaded = kidsOf(await world.useCases.loadOidcSigningKeys());
    expect(loaded.map((key) => key.alg)).to.have.members(['RS256', 'ES256']);
    expect(loaded.map((key) => key.kid)).to.include.members(old.map((key) => key.kid));
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
