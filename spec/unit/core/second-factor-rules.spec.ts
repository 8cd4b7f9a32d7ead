import { expect } from 'chai';
import { CryptoSecretGenerator } from '../../../src/adapters/crypto-secret-generator.js';
import { OtpauthTotp } from '../../../src/adapters/otpauth-totp.js';
import { normalizeRecoveryCode } from '../../../src/core/domain/recovery-code.js';
import { otpauthUri } from '../../../src/core/use-cases/mfa/totp-secret.js';
import { totpCode } from '../../support/mfa/mfa-users.js';

describe('second-factor rules', () => {
  it('recovery codes: 120 bits of Crockford base32 in four groups of six, hashed in their normalised form', () => {
    const secrets = new CryptoSecretGenerator();
    const { secret, hash } = secrets.issue('recovery_code');
    expect(secret).to.match(/^[0-9A-HJKMNP-TV-Z]{6}(-[0-9A-HJKMNP-TV-Z]{6}){3}$/);
    for (const typed of [secret, secret.toLowerCase(), secret.replaceAll('-', ''), ` ${secret.replaceAll('-', ' ')} `]) {
      expect(secrets.hashOf(normalizeRecoveryCode(typed)!)).to.equal(hash);
    }
    expect(normalizeRecoveryCode('0O1IL0-000000-000000-000000')).to.equal('001110000000000000000000');
    expect(normalizeRecoveryCode('0O1IL-00000-00000-00000'), 'a 100-bit code of before still reads').to.equal('00111000000000000000');
    expect(normalizeRecoveryCode('UUUUU-00000-00000-00000'), 'U is not Crockford').to.equal(null);
    expect(normalizeRecoveryCode('00000-00000')).to.equal(null);
    expect(normalizeRecoveryCode('000000-000000-000000-00000'), '23 characters are neither form').to.equal(null);
  });

  it('TOTP: 160-bit secrets; a code matches its step and one either side, nothing further', () => {
    const totp = new OtpauthTotp();
    const secret = totp.newSecret();
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    const now = new Date('2026-11-21T10:00:10.000Z');
    const step = Math.floor(now.getTime() / 30_000);
    for (const offset of [-1, 0, 1]) {
      expect(totp.matchStep(secret, totpCode(secret, new Date(now.getTime() + offset * 30_000)), now)).to.equal(step + offset);
    }
    expect(totp.matchStep(secret, totpCode(secret, new Date(now.getTime() + 60_000)), now)).to.equal(null);
    expect(totp.matchStep(secret, 'abcdef', now)).to.equal(null);
  });

  it('the provisioning URI has the contract\'s parameters in its order, the email escaped only where needed', () => {
    expect(otpauthUri('ABC', 'ada+x@example.com')).to.equal('otpauth://totp/Gatehouse:ada%2Bx@example.com?secret=ABC&issuer=Gatehouse&algorithm=SHA1&digits=6&period=30');
  });
});
