import { createCipheriv, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { AesGcmSecretBox, deriveKey, purposeInfo } from '../../../src/adapters/aes-gcm-secret-box.js';

const KEY = 'current-service-secret-key-0123456789';
const OLD = 'previous-service-secret-key-987654321';

/** A value as the v1 box sealed it: one key for every purpose (the info below), a 16-byte tag. */
const sealV1 = (secretKey: string, plaintext: string, context: string): string => {
  const key = deriveKey(secretKey, 'gatehouse totp-secret aes-256-gcm v1');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', key.id, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
};

describe('AesGcmSecretBox: secrets sealed with HKDF-derived AES-256-GCM keys, one per purpose', () => {
  it('opens what it sealed, with a fresh nonce each time and no plaintext in the sealed form', () => {
    const box = new AesGcmSecretBox(KEY);
    const [a, b] = [box.seal('JBSWY3DPEHPK3PXP', 'ctx'), box.seal('JBSWY3DPEHPK3PXP', 'ctx')];
    expect(a).not.to.equal(b);
    expect(a).to.match(/^v2\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/).and.not.to.include('JBSWY3DPEHPK3PXP');
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
    for (const junk of ['', 'v1', 'v2.a.b.c.d', 'v3.a.b.c.d', `${sealed}.extra`]) expect(box.open(junk, 'totp-secret:ada')).to.equal(null);
  });

  it('refuses a value whose authentication tag was cut short (4, 8 or 15 bytes): only the full 128-bit tag opens', () => {
    const box = new AesGcmSecretBox(KEY);
    const parts = box.seal('secret', 'totp-secret:ada').split('.');
    const tag = Buffer.from(parts[4]!, 'base64url');
    expect(tag).to.have.length(16);
    for (const length of [4, 8, 15]) {
      const cut = [...parts.slice(0, 4), tag.subarray(0, length).toString('base64url')].join('.');
      expect(box.open(cut, 'totp-secret:ada'), `${length} bytes`).to.equal(null);
    }
  });

  it('derives one key per purpose: a TOTP secret and a device cookie are sealed under unrelated keys', () => {
    const box = new AesGcmSecretBox(KEY);
    const [totp, device] = [box.seal('x', 'totp-secret:ada'), box.seal('x', 'device-cookie:ada')];
    expect(totp.split('.')[1]).not.to.equal(device.split('.')[1]);
    expect(purposeInfo('totp-secret:ada')).not.to.equal(purposeInfo('device-cookie:ada'));
    expect(deriveKey(KEY, purposeInfo('totp-secret:ada')).bytes.equals(deriveKey(KEY, purposeInfo('device-cookie:ada')).bytes)).to.equal(false);
  });

  it('opens with the previous key and hands back the value sealed again under the current one', () => {
    const sealed = new AesGcmSecretBox(OLD).seal('secret', 'ctx');
    const rotated = new AesGcmSecretBox(KEY, OLD);
    const opened = rotated.open(sealed, 'ctx');
    expect(opened?.plaintext).to.equal('secret');
    expect(opened?.resealed).to.be.a('string');
    expect(new AesGcmSecretBox(KEY).open(opened!.resealed!, 'ctx')).to.deep.equal({ plaintext: 'secret', resealed: null });
  });

  it('opens a v1 value (one key for every purpose), under the current or the previous key, and seals it again as v2', () => {
    for (const [secretKey, box] of [[KEY, new AesGcmSecretBox(KEY)], [OLD, new AesGcmSecretBox(KEY, OLD)]] as const) {
      const opened = box.open(sealV1(secretKey, 'JBSWY3DPEHPK3PXP', 'totp-secret:ada'), 'totp-secret:ada');
      expect(opened?.plaintext).to.equal('JBSWY3DPEHPK3PXP');
      expect(opened?.resealed).to.match(/^v2\./);
      expect(new AesGcmSecretBox(KEY).open(opened!.resealed!, 'totp-secret:ada')).to.deep.equal({ plaintext: 'JBSWY3DPEHPK3PXP', resealed: null });
    }
    expect(new AesGcmSecretBox(KEY).open(sealV1(KEY, 'x', 'totp-secret:ada'), 'totp-secret:bob'), 'v1 kept its context binding').to.equal(null);
  });
});
