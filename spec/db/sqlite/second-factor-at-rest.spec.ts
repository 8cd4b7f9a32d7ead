import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import { sqliteFilename } from '../../../src/adapters/knex/connection/connection.js';
import { startHarness, type DatabaseHarness } from '../../support/http/harness.js';
import { registeredMember, signedInAdmin } from '../../support/http/users.js';
import { enrolTotp } from '../../support/mfa/mfa-users.js';

/** Every byte SQLite keeps for the database: the main file and the write-ahead log beside it. */
const storedBytes = (url: string): Buffer => {
  const file = sqliteFilename(url);
  return Buffer.concat([file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path)));
};

describe('TOTP secrets and recovery codes at rest (the SQLite file itself)', () => {
  let h: DatabaseHarness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it('holds neither the secret (base32 or raw) nor any recovery code, in the database file or its WAL', async () => {
    const member = await registeredMember(h, (await signedInAdmin(h)).email);
    const { secret, recoveryCodes } = await enrolTotp(h, member, new Date());
    const bytes = storedBytes(h.databaseUrl);
    expect(bytes.length).to.be.greaterThan(0);
    expect(bytes.includes(Buffer.from('totp_factors')), 'the table is in the file').to.equal(true);
    expect(bytes.includes(Buffer.from(secret)), 'the base32 secret').to.equal(false);
    expect(bytes.includes(Buffer.from(secret.toLowerCase())), 'the base32 secret in lower case').to.equal(false);
    expect(bytes.includes(Buffer.from(OTPAuth.Secret.fromBase32(secret).bytes)), 'the raw 20 bytes').to.equal(false);
    for (const code of recoveryCodes) {
      expect(bytes.includes(Buffer.from(code))).to.equal(false);
      expect(bytes.includes(Buffer.from(code.replaceAll('-', '')))).to.equal(false);
    }
  });
});
