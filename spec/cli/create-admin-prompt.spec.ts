import { expect } from 'chai';
import { createCliDatabase, type CliDatabase } from '../support/cli/cli-database.js';
import { ensureBuilt, runCli } from '../support/cli/run-cli.js';
import { runInPty } from '../support/cli/run-in-pty.js';

const PASSWORD = 'prompted-horse-battery-staple';

describe('gatehouse create-admin on a terminal', function () {
  let database: CliDatabase;
  const emails = async () => (await database.db('users').select('email')).map((row: { email: string }) => row.email);

  before(async function () {
    this.timeout(120_000);
    ensureBuilt();
    database = await createCliDatabase();
    expect((await runCli(['migrate', 'latest'], database.env)).code).to.equal(0);
  });
  after(() => database.cleanup());

  it('asks twice without echoing, then creates the admin', async () => {
    const result = await runInPty(['create-admin', '--email', 'tty@example.com'], database.env, [
      { after: 'Password: ', type: PASSWORD },
      { after: 'Confirm password: ', type: PASSWORD },
    ]);
    expect(result.code, result.stdout).to.equal(0);
    expect(result.stdout).not.to.include(PASSWORD);
    // The terminal shows what a person reads, never a JSON log line.
    expect(result.stdout).not.to.match(/^\s*\{/m);
    expect(await emails()).to.include('tty@example.com');
  });

  it('refuses an existing email with exit 1 before asking for the password', async () => {
    const result = await runInPty(['create-admin', '--email', 'TTY@example.com'], database.env, []);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.match(/already exists/);
    expect(result.stdout).not.to.include('Password');
  });

  it('refuses an invalid email with exit 2 before asking for the password', async () => {
    const result = await runInPty(['create-admin', '--email', 'tty@@example.com'], database.env, []);
    expect(result.code).to.equal(2);
    expect(result.stdout).to.match(/^email: must be an email address/m);
    expect(result.stdout).not.to.include('Password').and.not.include('tty@@');
  });

  it('exits 2 and creates nothing when the two entries differ', async () => {
    const result = await runInPty(['create-admin', '--email', 'mismatch@example.com'], database.env, [
      { after: 'Password: ', type: PASSWORD },
      { after: 'Confirm password: ', type: `${PASSWORD}-typo` },
    ]);
    expect(result.code).to.equal(2);
    expect(result.stdout).to.match(/do not match/);
    expect(await emails()).not.to.include('mismatch@example.com');
  });
});
