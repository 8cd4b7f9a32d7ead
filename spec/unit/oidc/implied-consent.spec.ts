import { expect } from 'chai';
import { carriesImpliedConsent, impliedConsentMark } from '../../../src/oidc/implied-consent.js';
import { IMPLIED_CONSENT } from '../../../src/oidc/oidc-settings.js';

const KEY = 'spec-secret-key-0123456789abcdef0123456789';
const OTHER_KEY = 'another-secret-key-0123456789abcdef012345';

describe("Gatehouse's mark of an implied consent", () => {
  const mark = impliedConsentMark(KEY);

  it('is derived from the service key: the same for every instance of a deployment, another for another key, never a guessable constant', () => {
    expect(impliedConsentMark(KEY)).to.equal(mark);
    expect(impliedConsentMark(OTHER_KEY)).to.not.equal(mark);
    expect(mark).to.match(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
  });

  it('counts only when the parameters carry that very value: not "1", not another key\'s mark, not a list, not nothing', () => {
    expect(carriesImpliedConsent({ [IMPLIED_CONSENT]: mark }, mark)).to.equal(true);
    expect(carriesImpliedConsent({ [IMPLIED_CONSENT]: '1' }, mark)).to.equal(false);
    expect(carriesImpliedConsent({ [IMPLIED_CONSENT]: impliedConsentMark(OTHER_KEY) }, mark)).to.equal(false);
    const oneCharacterOff = mark.slice(0, -1) + (mark.endsWith('A') ? 'B' : 'A');
    expect(carriesImpliedConsent({ [IMPLIED_CONSENT]: oneCharacterOff }, mark)).to.equal(false);
    expect(carriesImpliedConsent({ [IMPLIED_CONSENT]: [mark] }, mark)).to.equal(false);
    expect(carriesImpliedConsent({}, mark)).to.equal(false);
    expect(carriesImpliedConsent(undefined, mark)).to.equal(false);
  });
});
