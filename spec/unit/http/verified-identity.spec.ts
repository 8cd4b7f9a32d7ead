import { expect } from 'chai';
import { provedSecondFactor, verifiedIdentity } from '../../../src/api/verified-identity.js';
import { aPrincipal } from '../../contract/fixtures.js';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const getMe = async (principal: Parameters<typeof verifiedIdentity>[1]) => principal.user;

describe('verifiedIdentity: what /auth/verify vouches for', () => {
  it('the id and email of the principal, and no second factor for a session that has not proved one', async () => {
    expect(await verifiedIdentity({ getMe }, aPrincipal(ID))).to.deep.equal({ userId: ID, email: 'ada@example.com', mfa: false });
  });

  it('X-Gatehouse-Mfa is true for a session that has proved a second factor', () => {
    const principal = aPrincipal(ID);
    const credential = { ...principal.credential, secondFactorAt: new Date() } as typeof principal.credential;
    expect(provedSecondFactor({ ...principal, credential })).to.equal(true);
  });

  it('X-Gatehouse-Mfa is false for an API token, always', () => {
    expect(provedSecondFactor(aPrincipal(ID, { credential: { kind: 'api_token', tokenId: ID } }))).to.equal(false);
  });
});
