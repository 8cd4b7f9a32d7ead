import { expect } from 'chai';
import argon2 from 'argon2';
import { ARGON2_PARAMETERS, Argon2PasswordHasher } from '../../../src/adapters/argon2-password-hasher.js';

const PASSWORD = 'correct horse battery staple';

describe('Argon2PasswordHasher', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id at m=19456, t=2, p=1 and verifies only the right password', async () => {
    const hash = await hasher.hash(PASSWORD);
    expect(hash).to.match(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, PASSWORD)).to.equal(true);
    expect(await hasher.verify(hash, `${PASSWORD}.`)).to.equal(false);
    expect(hasher.needsRehash(hash)).to.equal(false);
  });

  it('never verifies a password with lone surrogates, which the binding would read as U+FFFD', async () => {
    const replaced = await argon2.hash('\ufffd'.repeat(16), ARGON2_PARAMETERS);
    expect(await argon2.verify(replaced, '\ud800'.repeat(16))).to.equal(true); // the binding's defect, shown
    expect(await hasher.verify(replaced, '\ud800'.repeat(16))).to.equal(false);
    expect(await hasher.verify(replaced, '\ufffd'.repeat(16))).to.equal(true);
    let refused = false;
    await hasher.hash('\udc00'.repeat(16)).catch(() => (refused = true));
    expect(refused).to.equal(true);
  });

  it('asks for a rehash of a hash made with other parameters, which still verifies', async () => {
    const old = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 8192, timeCost: 3, parallelism: 1 });
    expect(hasher.needsRehash(old)).to.equal(true);
    expect(await hasher.verify(old, PASSWORD)).to.equal(true);
  });

  it('refuses to compute a stored hash with absurd parameters', async () => {
    const absurd = '$argon2id$v=19$m=4194304,p=1,t=2$YWJjZGVmZ2hpamtsbW5vcA$YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo';
    expect(await hasher.verify(absurd, PASSWORD)).to.equal(false);
    expect(await hasher.verify('not a hash', PASSWORD)).to.equal(false);
  });

  it('answers false for a missing hash after a real verification', async () => {
    expect(await hasher.verify(null, PASSWORD)).to.equal(false);
  });
});
