import { expect } from 'chai';
import { CONSENT_MODEL, consentKey } from '../../../src/core/domain/oidc-grant.js';
import type { UserScope, UserScopes } from '../../../src/core/ports/user-scopes.js';
import { makeGrantOidcConsent } from '../../../src/core/use-cases/oidc/grant-oidc-consent.js';
import { memoryWorld, seedMember } from '../../support/unit/memory-ports.js';

const CLIENT = { name: 'Grafana', type: 'confidential', redirect_uris: ['https://grafana.example.com/cb'] };

/** Scopes whose transactions fail at the event, after the consent's row was written. */
const failingAtTheEvent = (scopes: UserScopes): UserScopes => ({
  openAccountNamedByProvider: (accountId) => scopes.openAccountNamedByProvider(accountId),
  open: (userId) => {
    const scope = scopes.open(userId);
    const failing = (inner: UserScope): UserScope => Object.assign(Object.create(inner) as UserScope, { recordEvent: () => Promise.reject(new Error('disk full')) });
    return Object.assign(Object.create(scope) as UserScope, { transaction: <T>(work: (s: UserScope) => Promise<T>) => scope.transaction((inner) => work(failing(inner))) });
  },
});

describe('OpenID consent use cases (memory adapters)', () => {
  it('a consent is remembered for a year with its event in the trail, and read back as the grant it names', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { client } = await world.useCases.createOidcClientAsOperator(CLIENT);
    expect(await world.useCases.findRememberedOidcConsent(member.user.id, client.clientId)).to.equal(null);
    await world.useCases.grantOidcConsent(member.principal, { clientId: client.clientId, grantId: 'g1' });
    await world.useCases.grantOidcConsent(member.principal, { clientId: client.clientId, grantId: 'g2' });
    expect(await world.useCases.findRememberedOidcConsent(member.user.id, client.clientId)).to.equal('g2');
    world.clock.advance(365 * 24 * 3600 * 1000);
    expect(await world.useCases.findRememberedOidcConsent(member.user.id, client.clientId)).to.equal(null);
    const events = await world.ports.scopes.open(member.user.id).listEvents({ limit: 10, before: null });
    expect(events.filter((e) => e.type === 'oidc_consent_granted').map((e) => e.targetId)).to.deep.equal([client.clientId, client.clientId]);
  });

  it('a consent whose event cannot be written is not remembered', async () => {
    const world = memoryWorld();
    const member = await seedMember(world);
    const { client } = await world.useCases.createOidcClientAsOperator(CLIENT);
    const grant = makeGrantOidcConsent({ ...world.ports, scopes: failingAtTheEvent(world.ports.scopes) });
    let failure: unknown = null;
    await grant(member.principal, { clientId: client.clientId, grantId: 'g1' }).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    expect(await world.ports.oidcPayloads.find(CONSENT_MODEL, consentKey(member.user.id, client.clientId))).to.equal(null);
    const events = await world.ports.scopes.open(member.user.id).listEvents({ limit: 10, before: null });
    expect(events.map((e) => e.type)).not.to.include('oidc_consent_granted');
  });
});
