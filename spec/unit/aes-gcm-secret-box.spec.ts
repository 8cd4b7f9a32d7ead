import { expect } from 'chai';
import { AesGcmSecretBox } from '../../src/adapters/aes-gcm-secret-box.js';

const KEY = 'current-service-secret-key-0123456789';
const OLD = 'previous-service-secret-key-987654321';

describe('AesGcmSecretBox: TOTP secrets sealed with an HKDF-derived AES-256-GCM key', () => {
  it('opens what it sealed, with a fresh nonce each time and no plaintext in the sealed form', () => {
    const box = new AesGcmSecretBox(KEY);
    const [a, b] = [box.seal('JBSWY3DPEHPK3PXP', 'ctx'), box.seal('JBSWY3DPEHPK3PXP', 'ctx')];
    expect(a).not.to.equal(b);
    expect(a).to.match(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/).and.not.to.include('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'ctx')).to.deep.equal({ plaintext: 'JBSWY3DPEHPK3PXP', resealed: null });
  });

  it('refuses another context, a changed byte, another key and garbage', () => {
    const box = new AesGcmSecretBox(KEY);
    const sealed = box.seal('secret', 'totp-secret:ada');
    expect(box.open(sealed, 'totp-secret:bob')).to.equal(null);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(box.open([...parts.slice(0, 3), body.toString('base64url'), parts[4]].join('.'), 'totp-secret:ada')).to.equal(null);
    expect(new AesGcmSecretBox(OLD).open(sealed, 'totp-secret:ada')).to.equal(null);
    for (const junk of ['', 'v1', 'v2.a.b.c.d', `${sealed}.extra`]) expect(box.open(junk, 'totp-secret:ada')).to.equal(null);
  });

  it('opens with the previous key and hands back the value sealed again under the current one', () => {
    const sealed = new AesGcmSecretBox(OLD).seal('secret', 'ctx');
    const rotated = new AesGcmSecretBox(KEY, OLD);
    const opened = rotated.open(sealed, 'ctx');
    expect(opened?.plaintext).to.equal('secret');
    expect(opened?.resealed).to.be.a('string');
    expect(new AesGcmSecretBox(KEY).open(opened!.resealed!, 'ctx')).to.deep.equal({ plaintext: 'secret', resealed: null });
  });
});
